#pragma once
// Rule 6 of docs/measurement.md for one row against the fallback: the gain must reach `need` AND the
// paired per-round ratios must show, by the sign test, that the gain is real.
#include <optional>
#include <vector>

namespace tune::race {

struct margin_check {
  double gain = 0;                    // median(fallback) / median(row) - 1: 0.07 is 7% faster
  std::optional<double> ratio_bound;  // sign-test lower bound on the median of fallback/row per round
  std::optional<double> ratio_upper;  // its upper bound at the same level
  bool clears = false;                // gain >= need and ratio_bound > 1
  bool hopeless = false;              // ratio_upper < 1 + need: more rounds would not reach the need
};

// `row` and `fallback` are per-call times, one per round, aligned: element k of each was timed
// in the same round. `alpha` is the per-test level (already Bonferroni-corrected). Throws
// std::invalid_argument when the two series differ in length or are empty.
margin_check check_margin(const std::vector<double>& row, const std::vector<double>& fallback, double need,
                          double alpha);

}  // namespace tune::race
