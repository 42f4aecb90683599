#pragma once
// The race engine's timer over the compiled rows, their relocated copies and the fixed
// noise-probe kernel.
#include <chrono>
#include <memory>
#include <vector>

#include <tune/bench/registry.h>

#include "measure/probe_kernel.h"
#include "race/bench.h"

namespace tune::bench {

class real_timer final : public race::timer {
 public:
  explicit real_timer(std::vector<family_driver*> drivers) : drivers_(std::move(drivers)) {}

  double time_row(std::size_t family, std::size_t row, std::uint64_t reps) override {
    return drivers_.at(family)->time(row, reps);
  }

  int relocated_placements() const override { return relocated_copies; }
  double time_relocated(std::size_t family, std::size_t row, int placement, std::uint64_t reps) override {
    return drivers_.at(family)->time_relocated(row, placement, reps);
  }

  double time_probe(std::uint64_t reps) override {
    const auto start = std::chrono::steady_clock::now();
    for (std::uint64_t i = 0; i < reps; ++i) detail::keep(measure::probe_kernel_once());
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  }

 private:
  std::vector<family_driver*> drivers_;
};

}  // namespace tune::bench
