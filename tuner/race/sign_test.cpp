#include "race/sign_test.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "measure/stats.h"

namespace tune::race {

double bonferroni(double alpha, std::size_t comparisons) {
  if (comparisons == 0) throw std::invalid_argument("bonferroni: 0 comparisons; pass at least one");
  if (!(alpha > 0 && alpha < 1))
    throw std::invalid_argument(fmt::format("bonferroni: alpha = {} is outside (0, 1)", alpha));
  return alpha / static_cast<double>(comparisons);
}

std::optional<std::size_t> sign_test_rank(std::size_t n, double alpha) {
  std::optional<std::size_t> rank;
  for (std::size_t j = 1; j <= n; ++j) {
    if (measure::binomial_cdf(j - 1, n, 0.5) > alpha) break;
    rank = j;
  }
  return rank;
}

std::optional<double> sign_test_lower_bound(std::vector<double> values, double alpha) {
  const auto rank = sign_test_rank(values.size(), alpha);
  if (!rank) return std::nullopt;
  const auto at = static_cast<std::ptrdiff_t>(*rank - 1);
  std::nth_element(values.begin(), values.begin() + at, values.end());
  return values[static_cast<std::size_t>(at)];
}

std::optional<double> sign_test_upper_bound(std::vector<double> values, double alpha) {
  const auto rank = sign_test_rank(values.size(), alpha);
  if (!rank) return std::nullopt;
  const auto at = static_cast<std::ptrdiff_t>(values.size() - *rank);
  std::nth_element(values.begin(), values.begin() + at, values.end());
  return values[static_cast<std::size_t>(at)];
}

}  // namespace tune::race
