// Robust statistics (measure/stats.h) on hand-computed cases.
#include <doctest/doctest.h>

#include <stdexcept>

#include "measure/stats.h"

using namespace tune::measure;

TEST_CASE("median of odd and even counts") {
  CHECK(median({3, 1, 2}) == 2);
  CHECK(median({4, 1, 3, 2}) == 2.5);
  CHECK(median({7}) == 7);
  CHECK_THROWS_WITH_AS(median({}), "median: no values; pass at least one sample", std::invalid_argument);
}

TEST_CASE("mad_pct is the median absolute percentage deviation from the median") {
  // median 100; deviations 0, 1, 2, 5, 50 percent -> median 2%
  CHECK(mad_pct({100, 101, 98, 95, 150}) == doctest::Approx(2.0));
  // one wild outlier does not move it
  CHECK(mad_pct({100, 101, 99, 100, 1000}) == doctest::Approx(1.0));
  CHECK_THROWS_WITH_AS(mad_pct({0, 0, 0}), "mad_pct: median is 0; timings must be positive", std::invalid_argument);
}

TEST_CASE("cv_pct is the sample standard deviation over the mean") {
  // mean 100, sample sd = sqrt((4 + 0 + 4) / 2) = 2
  CHECK(cv_pct({98, 100, 102}) == doctest::Approx(2.0));
  CHECK(cv_pct({5}) == 0);
  CHECK_THROWS_WITH_AS(cv_pct({}), "cv_pct: no values; pass at least one sample", std::invalid_argument);
}

TEST_CASE("quantile interpolates between order statistics; its middle is the median") {
  CHECK(quantile({4, 1, 3, 2}, 0.5) == median({4, 1, 3, 2}));
  CHECK(quantile({1, 2, 3, 4, 5}, 0.25) == 2);
  CHECK(quantile({1, 2, 3, 4}, 0.25) == doctest::Approx(1.75));
  CHECK(quantile({1, 2, 3, 4}, 0) == 1);
  CHECK(quantile({1, 2, 3, 4}, 1) == 4);
  CHECK(quantile({7}, 0.75) == 7);
  CHECK_THROWS_WITH_AS(quantile({1, 2}, 1.5), "quantile: q = 1.5 is outside [0, 1]", std::invalid_argument);
  CHECK_THROWS_WITH_AS(quantile({}, 0.5), "quantile: no values; pass at least one sample", std::invalid_argument);
}

TEST_CASE("minimum is the best-of witness") { CHECK(minimum({3, 1.5, 2}) == 1.5); }

TEST_CASE("binomial_cdf matches exact sums") {
  CHECK(binomial_cdf(2, 10, 0.5) == doctest::Approx(56.0 / 1024));
  CHECK(binomial_cdf(0, 5, 0.5) == doctest::Approx(1.0 / 32));
  CHECK(binomial_cdf(1, 3, 0.2) == doctest::Approx(0.8 * 0.8 * 0.8 + 3 * 0.2 * 0.8 * 0.8));
  CHECK(binomial_cdf(10, 10, 0.3) == 1);
  CHECK(binomial_cdf(3, 10, 0) == 1);
  CHECK(binomial_cdf(3, 10, 1) == 0);
  CHECK_THROWS_WITH_AS(binomial_cdf(1, 2, 1.5), "binomial_cdf: p = 1.5 is outside [0, 1]", std::invalid_argument);
}

TEST_CASE("clopper_pearson on hand-computed cases") {
  // k = 0: the upper bound solves (1 - p)^n = 0.025, so p = 1 - 0.025^(1/n)
  auto none = clopper_pearson(0, 10, 0.95);
  CHECK(none.lo == 0);
  CHECK(none.hi == doctest::Approx(0.308497).epsilon(1e-5));
  auto all = clopper_pearson(10, 10, 0.95);
  CHECK(all.lo == doctest::Approx(0.691503).epsilon(1e-5));
  CHECK(all.hi == 1);
  auto half = clopper_pearson(5, 10, 0.95);
  CHECK(half.lo == doctest::Approx(0.187086).epsilon(1e-5));
  CHECK(half.hi == doctest::Approx(0.812914).epsilon(1e-5));
  // large n: 10 false wins in 1000 races
  auto rare = clopper_pearson(10, 1000, 0.95);
  CHECK(rare.lo == doctest::Approx(0.004802).epsilon(1e-3));
  CHECK(rare.hi == doctest::Approx(0.018314).epsilon(1e-3));
}

TEST_CASE("clopper_pearson rejects impossible counts") {
  CHECK_THROWS_WITH_AS(clopper_pearson(3, 2, 0.95), "clopper_pearson: k = 3 successes exceeds n = 2 trials",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(clopper_pearson(0, 0, 0.95), "clopper_pearson: n = 0 trials; an interval needs at least one",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(clopper_pearson(1, 2, 1.0), "clopper_pearson: confidence = 1 is outside (0, 1)",
                       std::invalid_argument);
}
