#include "race/margin.h"

#include <stdexcept>

#include <fmt/format.h>

#include "measure/stats.h"
#include "race/sign_test.h"

namespace tune::race {

margin_check check_margin(const std::vector<double>& row, const std::vector<double>& fallback, double need,
                          double alpha) {
  if (row.empty() || row.size() != fallback.size())
    throw std::invalid_argument(fmt::format(
        "check_margin: {} row rounds against {} fallback rounds; pass the same non-zero number of paired rounds",
        row.size(), fallback.size()));
  margin_check out;
  out.gain = measure::median(fallback) / measure::median(row) - 1;
  std::vector<double> ratios;
  ratios.reserve(row.size());
  for (std::size_t k = 0; k < row.size(); ++k) ratios.push_back(fallback[k] / row[k]);
  out.ratio_bound = sign_test_lower_bound(ratios, alpha);
  out.ratio_upper = sign_test_upper_bound(std::move(ratios), alpha);
  out.clears = out.gain >= need && out.ratio_bound && *out.ratio_bound > 1;
  out.hopeless = out.ratio_upper && *out.ratio_upper < 1 + need;
  return out;
}

}  // namespace tune::race
