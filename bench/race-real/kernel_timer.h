#pragma once
// race::timer over the benchmark's rows on the real clock (steady_clock), the way the bench times
// a scope's rows: `reps` calls back to back, through a function pointer, into a volatile sink.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels.h"
#include "race/timing.h"

namespace tune::race_real {

struct row_spec {
  std::string suffix;
  std::size_t copy = 0;      // which byte-identical copy runs it (its address), < raced_copies
  std::size_t elements = 0;  // its work: a planted row multiplies fewer elements
};

struct family_spec {
  std::string name;
  std::vector<row_spec> rows;  // grid order; the first is the fallback
};

// The elements of a full row (the fallback's work), and the most a row may take (a slow row of a
// 12-row grid does twice the work): 2 x 2048 floats stay in L1, so time follows work.
inline constexpr std::size_t full_elements = 1024;
inline constexpr std::size_t operand_elements = 2 * full_elements;

class kernel_timer final : public race::timer {
 public:
  // Family k of a mint is families[k]. Throws std::invalid_argument when a row names a copy past
  // the raced ones or more elements than the operands hold.
  kernel_timer(std::vector<family_spec> families, placement set);

  double time_row(std::size_t family, std::size_t row, std::uint64_t reps) override;
  double time_probe(std::uint64_t reps) override;
  int relocated_placements() const override { return race_real::relocated_placements; }
  // The row's work on copy `copy + placement * raced_copies`.
  double time_relocated(std::size_t family, std::size_t row, int placement, std::uint64_t reps) override;
  // `reps` calls of copy `copy` of the set (any copy, relocated ones included) on `elements` elements.
  double time_copy(std::size_t copy, std::size_t elements, std::uint64_t reps);

 private:
  std::vector<family_spec> families_;
  const std::vector<dot_fn>& dots_;
  std::vector<float> lhs_, rhs_;
};

// One family of every raced copy doing a full row's work: row k is copy k ("copy<k>").
family_spec raced_copies_family(const std::string& name);

// Calls per window of `ms` for row `row` of family 0: the best of a few short timings, so one
// disturbed sizing window does not shrink every later window.
std::uint64_t calls_per_window(kernel_timer& t, std::size_t row, double ms);

}  // namespace tune::race_real
