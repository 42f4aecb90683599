#pragma once
// Robust statistics for timings and rates (docs/measurement.md rules 5 and 9, and
// "Rule tests"). Timings on a shared box have heavy tails, so spreads are judged by median
// deviations; the mean-based cv is kept beside them only as a familiar number.
#include <cstddef>
#include <vector>

namespace tune::measure {

// Median of `xs`; the mean of the two middle values for an even count. Throws
// std::invalid_argument when `xs` is empty.
double median(std::vector<double> xs);

// Median absolute percentage deviation from the median: median(|x - m| / m) * 100.
// Throws std::invalid_argument when `xs` is empty or its median is not positive.
double mad_pct(const std::vector<double>& xs);

// Coefficient of variation in percent (sample standard deviation / mean * 100); 0 for a
// single value. Throws std::invalid_argument when `xs` is empty or its mean is not positive.
double cv_pct(const std::vector<double>& xs);

// The q-quantile of `xs` (0 <= q <= 1), interpolated linearly between the two nearest order
// statistics (the "type 7" rule most tools use): quantile(xs, 0.5) is the median. Throws
// std::invalid_argument when `xs` is empty or q is outside [0, 1].
double quantile(std::vector<double> xs, double q);

// Smallest value. Throws std::invalid_argument when `xs` is empty.
double minimum(const std::vector<double>& xs);

// P(X <= k) for X ~ Binomial(n, p), summed in log space so n in the millions stays exact to
// double precision. Throws std::invalid_argument when p is outside [0, 1].
double binomial_cdf(std::size_t k, std::size_t n, double p);

struct interval {
  double lo = 0;
  double hi = 1;
};

// Exact (Clopper-Pearson) two-sided interval for a proportion: `k` successes in `n` trials at
// `confidence` (e.g. 0.95). Throws std::invalid_argument when k > n, n == 0 or confidence is
// outside (0, 1).
interval clopper_pearson(std::size_t k, std::size_t n, double confidence);

}  // namespace tune::measure
