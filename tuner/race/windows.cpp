#include "race/windows.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

namespace tune::race {

namespace {

// Past 2^48 calls no kernel has a measurable window left; a timer still reporting nothing is broken.
constexpr std::uint64_t max_reps = std::uint64_t{1} << 48;

}  // namespace

window_runner::window_runner(timer& t, clock& c, const protocol& p)
    : timer_(t), clock_(c), protocol_(p), random_(p.seed) {}

void window_runner::check_control_file() const {
  if (!protocol_.control_file.empty() && std::filesystem::exists(protocol_.control_file)) throw interrupted();
}

std::uint64_t window_runner::size(const std::function<double(std::uint64_t)>& window, const std::string& what) {
  const double target_ns = protocol_.window_ms * 1e6;
  for (std::uint64_t reps = 1; reps <= max_reps; reps *= 2) {
    const double ns = window(reps);
    if (ns >= target_ns / 2)
      return std::max<std::uint64_t>(1, std::llround(static_cast<double>(reps) * target_ns / ns));
  }
  throw std::runtime_error(fmt::format(
      "warm pass of {}: {} calls still took under half of the {} ms window; the timer reports no elapsed time", what,
      max_reps, protocol_.window_ms));
}

double window_runner::charged(const std::string& phase, const std::function<double()>& work) {
  const double started = clock_.now_s();
  const double out = work();
  spent_[phase] += clock_.now_s() - started;
  return out;
}

void window_runner::spin(double seconds, const std::string& phase) {
  charged(phase, [&] {
    clock_.spin(seconds);
    return 0.0;
  });
}

std::uint64_t window_runner::size_row(std::size_t family, std::size_t row) {
  return size(
      [&](std::uint64_t reps) {
        check_control_file();
        return charged("warm", [&] { return timer_.time_row(family, row, reps); });
      },
      fmt::format("family {} row {}", family, row));
}

std::uint64_t window_runner::size_probe() {
  return size(
      [&](std::uint64_t reps) {
        check_control_file();
        return charged("probe", [&] { return timer_.time_probe(reps); });
      },
      "the noise probe");
}

double window_runner::scored(const std::string& phase, const std::function<std::string()>& what, std::uint64_t reps,
                             const std::function<double()>& window) {
  check_control_file();
  const double ns = charged(phase, window);
  if (!(ns > 0))
    throw std::runtime_error(
        fmt::format("{}: the timer reported {} ns for {} calls; a window takes time", what(), ns, reps));
  return ns / static_cast<double>(reps);
}

double window_runner::time_row(std::size_t family, std::size_t row, std::uint64_t reps) {
  return scored(
      phase_, [&] { return fmt::format("family {} row {}", family, row); }, reps,
      [&] { return timer_.time_row(family, row, reps); });
}

double window_runner::time_relocated(std::size_t family, std::size_t row, int placement, std::uint64_t reps) {
  return scored(
      phase_, [&] { return fmt::format("family {} row {} (relocated copy {})", family, row, placement); }, reps,
      [&] { return timer_.time_relocated(family, row, placement, reps); });
}

double window_runner::time_probe(std::uint64_t reps) {
  return scored(
      "probe", [] { return std::string("noise probe"); }, reps, [&] { return timer_.time_probe(reps); });
}

double window_runner::draw_unit() {
  // 53 random bits to a double in [0, 1): the same on every standard library, unlike
  // std::uniform_real_distribution.
  return static_cast<double>(random_() >> 11) * 0x1.0p-53;
}

double window_runner::draw_jitter() { return 1 + draw_unit() * protocol_.window_jitter; }

std::vector<std::size_t> window_runner::draw_order(std::size_t n) {
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  for (std::size_t i = n; i > 1; --i) {
    const auto j = std::min(i - 1, static_cast<std::size_t>(draw_unit() * static_cast<double>(i)));
    std::swap(order[i - 1], order[j]);
  }
  return order;
}

std::uint64_t window_runner::stretch(std::uint64_t reps, double factor) {
  return std::max<std::uint64_t>(1, std::llround(static_cast<double>(reps) * factor));
}

}  // namespace tune::race
