#include "kernel_timer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "measure/probe_kernel.h"

namespace tune::race_real {

namespace {

// Every result lands here, so no call can be dropped as unused.
volatile float sink;

double elapsed_ns(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - since).count();
}

}  // namespace

kernel_timer::kernel_timer(std::vector<family_spec> families, placement set)
    : families_(std::move(families)), dots_(identical_dots(set)), lhs_(operand_elements), rhs_(operand_elements) {
  for (std::size_t i = 0; i < operand_elements; ++i) {
    lhs_[i] = static_cast<float>(i % 17) * 0.25f + 1.0f;
    rhs_[i] = static_cast<float>(i % 13) * 0.5f - 3.0f;
  }
  for (const auto& f : families_) {
    for (const auto& r : f.rows) {
      if (r.copy >= raced_copies)
        throw std::invalid_argument(fmt::format("family '{}' row '{}': copy {} is not a raced copy; pass 0 to {}",
                                                f.name, r.suffix, r.copy, raced_copies - 1));
      if (r.elements == 0 || r.elements > operand_elements)
        throw std::invalid_argument(fmt::format("family '{}' row '{}': {} elements; pass 1 to {}", f.name, r.suffix,
                                                r.elements, operand_elements));
    }
  }
}

double kernel_timer::time_copy(std::size_t copy, std::size_t elements, std::uint64_t reps) {
  const dot_fn dot = dots_[copy];
  const float* a = lhs_.data();
  const float* b = rhs_.data();
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < reps; ++i) sink = dot(a, b, elements);
  return elapsed_ns(start);
}

double kernel_timer::time_row(std::size_t family, std::size_t row, std::uint64_t reps) {
  const row_spec& r = families_.at(family).rows.at(row);
  return time_copy(r.copy, r.elements, reps);
}

double kernel_timer::time_relocated(std::size_t family, std::size_t row, int placement, std::uint64_t reps) {
  if (placement < 1 || placement > race_real::relocated_placements)
    throw std::invalid_argument(fmt::format("relocated placement {}: this benchmark has placements 1 to {}", placement,
                                            race_real::relocated_placements));
  const row_spec& r = families_.at(family).rows.at(row);
  return time_copy(r.copy + static_cast<std::size_t>(placement) * raced_copies, r.elements, reps);
}

double kernel_timer::time_probe(std::uint64_t reps) {
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < reps; ++i) sink = static_cast<float>(measure::probe_kernel_once());
  return elapsed_ns(start);
}

family_spec raced_copies_family(const std::string& name) {
  family_spec family{name, {}};
  for (std::size_t k = 0; k < raced_copies; ++k) family.rows.push_back({fmt::format("copy{}", k), k, full_elements});
  return family;
}

std::uint64_t calls_per_window(kernel_timer& t, std::size_t row, double ms) {
  double best = INFINITY;
  for (int i = 0; i < 5; ++i) best = std::min(best, t.time_row(0, row, 1000) / 1000);
  return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(ms * 1e6 / best));
}

}  // namespace tune::race_real
