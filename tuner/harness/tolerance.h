#pragma once
// A family's TOLERANCE and the correctness gate's comparison of a row's output with the
// reference's (docs/fixtures.md "A fixture", docs/measurement.md rule 1).
#include <cstddef>
#include <optional>
#include <string>

#include <tune/detail/output.h>

namespace tune::bench {

struct tolerance {
  enum class kind { exact, abs, rel, ulp } how = kind::exact;
  double bound = 0;
  std::string text;
};

// Parses "exact", "abs=<x>", "rel=<x>", "ulp=<n>"; throws std::invalid_argument naming the text.
tolerance parse_tolerance(const std::string& text);

struct comparison {
  bool pass = true;
  double worst_abs = 0;
  double worst_rel = 0;                  // relative to the largest magnitude in the reference output (normwise)
  double worst_ulp = 0;                  // in the output's own precision
  std::optional<std::size_t> first_bad;  // first element outside the tolerance
  double got = 0, want = 0;              // at first_bad
  std::string size_mismatch;             // set when the outputs differ in length or kind
  // "worst abs 1.2e-05, rel 3.1e-07, ulp 14; first bad element 17: got 0.5, want 0.25"
  std::string describe() const;
};

comparison compare(const detail::output& got, const detail::output& want, const tolerance& tol);

}  // namespace tune::bench
