#include "measure/stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace tune::measure {

namespace {

void require_values(const std::vector<double>& xs, const char* what) {
  if (xs.empty()) throw std::invalid_argument(fmt::format("{}: no values; pass at least one sample", what));
}

}  // namespace

double median(std::vector<double> xs) {
  require_values(xs, "median");
  const auto mid = xs.size() / 2;
  std::nth_element(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(mid), xs.end());
  const double upper = xs[mid];
  if (xs.size() % 2 == 1) return upper;
  const double lower = *std::max_element(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(mid));
  return (lower + upper) / 2;
}

double mad_pct(const std::vector<double>& xs) {
  require_values(xs, "mad_pct");
  const double m = median(xs);
  if (!(m > 0)) throw std::invalid_argument(fmt::format("mad_pct: median is {}; timings must be positive", m));
  std::vector<double> deviations;
  deviations.reserve(xs.size());
  for (double x : xs) deviations.push_back(std::abs(x - m) / m);
  return median(std::move(deviations)) * 100;
}

double cv_pct(const std::vector<double>& xs) {
  require_values(xs, "cv_pct");
  const double n = static_cast<double>(xs.size());
  const double mean = std::accumulate(xs.begin(), xs.end(), 0.0) / n;
  if (!(mean > 0)) throw std::invalid_argument(fmt::format("cv_pct: mean is {}; timings must be positive", mean));
  if (xs.size() == 1) return 0;
  double squares = 0;
  for (double x : xs) squares += (x - mean) * (x - mean);
  return std::sqrt(squares / (n - 1)) / mean * 100;
}

double quantile(std::vector<double> xs, double q) {
  require_values(xs, "quantile");
  if (!(q >= 0 && q <= 1)) throw std::invalid_argument(fmt::format("quantile: q = {} is outside [0, 1]", q));
  std::sort(xs.begin(), xs.end());
  const double at = q * static_cast<double>(xs.size() - 1);
  const std::size_t below = static_cast<std::size_t>(at);
  if (below + 1 >= xs.size()) return xs.back();
  return xs[below] + (at - static_cast<double>(below)) * (xs[below + 1] - xs[below]);
}

double minimum(const std::vector<double>& xs) {
  require_values(xs, "minimum");
  return *std::min_element(xs.begin(), xs.end());
}

double binomial_cdf(std::size_t k, std::size_t n, double p) {
  if (!(p >= 0 && p <= 1)) throw std::invalid_argument(fmt::format("binomial_cdf: p = {} is outside [0, 1]", p));
  if (k >= n) return 1;
  if (p == 0) return 1;
  if (p == 1) return 0;
  // Terms are summed largest-first relative to the largest log term so no term underflows
  // before it matters.
  const double log_p = std::log(p);
  const double log_q = std::log1p(-p);
  const double nn = static_cast<double>(n);
  std::vector<double> logs(k + 1);
  for (std::size_t i = 0; i <= k; ++i) {
    const double ii = static_cast<double>(i);
    logs[i] = std::lgamma(nn + 1) - std::lgamma(ii + 1) - std::lgamma(nn - ii + 1) + ii * log_p + (nn - ii) * log_q;
  }
  const double top = *std::max_element(logs.begin(), logs.end());
  double sum = 0;
  for (double l : logs) sum += std::exp(l - top);
  return std::min(1.0, std::exp(top + std::log(sum)));
}

interval clopper_pearson(std::size_t k, std::size_t n, double confidence) {
  if (n == 0) throw std::invalid_argument("clopper_pearson: n = 0 trials; an interval needs at least one");
  if (k > n) throw std::invalid_argument(fmt::format("clopper_pearson: k = {} successes exceeds n = {} trials", k, n));
  if (!(confidence > 0 && confidence < 1))
    throw std::invalid_argument(fmt::format("clopper_pearson: confidence = {} is outside (0, 1)", confidence));
  const double tail = (1 - confidence) / 2;
  // Both bounds solve a monotone binomial-tail equation in p; bisection to 1e-12 is exact
  // enough for any table and needs no incomplete-beta implementation.
  auto solve = [](auto&& too_low) {
    double lo = 0, hi = 1;
    for (int i = 0; i < 60; ++i) {
      const double mid = (lo + hi) / 2;
      (too_low(mid) ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
  };
  interval out;
  // lo: P(X >= k | p) = tail, which grows with p.
  if (k > 0) out.lo = solve([&](double p) { return 1 - binomial_cdf(k - 1, n, p) < tail; });
  // hi: P(X <= k | p) = tail, which shrinks as p grows.
  if (k < n) out.hi = solve([&](double p) { return binomial_cdf(k, n, p) > tail; });
  return out;
}

}  // namespace tune::measure
