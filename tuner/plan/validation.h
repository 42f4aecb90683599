#pragma once
// Output comparison against the oracle (the baseline's published result). A faster candidate
// outside the tolerance is removed, whatever its speed.
#include <optional>
#include <string>
#include <vector>

namespace tune::plan {

struct tolerance {
  enum class kind { rel, abs, ulp };
  kind mode = kind::rel;
  double value = 0;
  std::string text() const;  // "rel=1e-09", as written back in reports
};

// "rel=<x>", "abs=<x>" or "ulp=<n>"; throws naming the text and the accepted forms.
tolerance parse_tolerance(const std::string& text);

// When TOLERANCE is not given: rel=1e-9 for double results, rel=1e-4 for float results.
tolerance default_tolerance(const std::string& result_type);

struct deviation {
  bool within = false;
  double max_abs = 0;  // max |candidate - oracle|
  double max_rel = 0;  // max_abs / max |oracle|
  double max_ulp = 0;  // largest distance in units in the last place (of the result's type)
  std::string reason;  // why not within, naming the measure and the limit
};

// rel compares against the largest oracle magnitude (not element-wise), so outputs with
// near-zero entries (spectra, residuals) are judged by their scale.
deviation compare_output(const std::vector<double>& oracle, const std::vector<double>& candidate,
                         const std::string& result_type, const tolerance& tol);

}  // namespace tune::plan
