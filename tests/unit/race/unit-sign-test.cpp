// The sign test and Bonferroni correction (race/sign_test.h, race/margin.h) on hand-computed cases.
#include <doctest/doctest.h>

#include <stdexcept>

#include "race/margin.h"
#include "race/sign_test.h"

using namespace tune::race;

TEST_CASE("bonferroni divides the level among the comparisons") {
  CHECK(bonferroni(0.05, 1) == 0.05);
  CHECK(bonferroni(0.05, 4) == doctest::Approx(0.0125));
  CHECK_THROWS_WITH_AS(bonferroni(0.05, 0), "bonferroni: 0 comparisons; pass at least one", std::invalid_argument);
  CHECK_THROWS_WITH_AS(bonferroni(1.5, 2), "bonferroni: alpha = 1.5 is outside (0, 1)", std::invalid_argument);
}

TEST_CASE("sign_test_rank: the largest j with P(Bin(n, 1/2) <= j - 1) <= alpha") {
  // n = 10: P(<=1) = 11/1024 = 0.0107, P(<=2) = 56/1024 = 0.0547
  CHECK(sign_test_rank(10, 0.05) == 2u);
  // at 0.01 only P(<=0) = 1/1024 fits
  CHECK(sign_test_rank(10, 0.01) == 1u);
}

TEST_CASE("sign_test_rank at the edges") {
  // P(<=0) = 2^-n: n = 4 gives 0.0625 > 0.05, no bound; n = 5 gives 0.03125 <= 0.05, rank 1
  CHECK(sign_test_rank(4, 0.05) == std::nullopt);
  CHECK(sign_test_rank(5, 0.05) == 1u);
  // n = 20, three finalists besides the fallback: alpha = 0.05 / 3 = 0.0167;
  // P(<=4) = 6196/1048576 = 0.0059, P(<=5) = 21700/1048576 = 0.0207
  CHECK(sign_test_rank(20, bonferroni(0.05, 3)) == 5u);
  CHECK(sign_test_rank(0, 0.05) == std::nullopt);
}

TEST_CASE("sign_test_lower_bound is the rank-th smallest value") {
  // n = 10 at 0.05: the 2nd smallest
  CHECK(sign_test_lower_bound({1.3, 0.95, 1.2, 1.1, 1.05, 1.4, 1.15, 1.25, 1.02, 1.35}, 0.05) == 1.02);
  CHECK(sign_test_lower_bound({1.1, 1.2, 1.3, 1.4}, 0.05) == std::nullopt);
}

TEST_CASE("sign_test_upper_bound is the rank-th largest value") {
  // n = 10 at 0.05: the 2nd largest
  CHECK(sign_test_upper_bound({1.3, 0.95, 1.2, 1.1, 1.05, 1.4, 1.15, 1.25, 1.02, 1.35}, 0.05) == 1.35);
  CHECK(sign_test_upper_bound({1.1, 1.2, 1.3, 1.4}, 0.05) == std::nullopt);
}

TEST_CASE("check_margin: hopeless when even the upper bound on the paired ratio is below 1 + need") {
  const std::vector<double> fallback(10, 100.0);
  // ratios: nine 1.01 and one 1.2; the 2nd largest, 1.01, is the upper bound
  std::vector<double> row(10, 100.0 / 1.01);
  row[4] = 100.0 / 1.2;
  const auto c = check_margin(row, fallback, 0.03, 0.05);
  CHECK(c.ratio_upper.value() == doctest::Approx(1.01));
  CHECK(c.hopeless);
  CHECK_FALSE(c.clears);
  // two large ratios lift the bound past 1.03: no longer hopeless
  row[5] = 100.0 / 1.2;
  CHECK(check_margin(row, fallback, 0.03, 0.05).ratio_upper.value() == doctest::Approx(1.2));
  CHECK_FALSE(check_margin(row, fallback, 0.03, 0.05).hopeless);
  // too few rounds for any bound: never hopeless
  CHECK_FALSE(check_margin({100, 100}, {100, 100}, 0.03, 0.05).hopeless);
}

TEST_CASE("check_margin needs both the gain and the paired sign test") {
  const std::vector<double> fallback(10, 100.0);
  SUBCASE("a steady 10% gain clears") {
    const std::vector<double> row(10, 100.0 / 1.1);
    const auto c = check_margin(row, fallback, 0.03, 0.05);
    CHECK(c.gain == doctest::Approx(0.10));
    CHECK(c.ratio_bound.value() == doctest::Approx(1.10));
    CHECK(c.clears);
  }
  SUBCASE("a gain below need does not clear even when every round favours it") {
    const std::vector<double> row(10, 100.0 / 1.02);
    const auto c = check_margin(row, fallback, 0.03, 0.05);
    CHECK(c.ratio_bound.value() > 1);
    CHECK_FALSE(c.clears);
  }
  SUBCASE("a large median gain with two losing rounds fails at n = 10") {
    // ratios: eight 1.25 and two 0.9 -> the 2nd smallest is 0.9
    std::vector<double> row(10, 80.0);
    row[3] = row[7] = 100.0 / 0.9;
    const auto c = check_margin(row, fallback, 0.03, 0.05);
    CHECK(c.gain == doctest::Approx(0.25));
    CHECK(c.ratio_bound.value() == doctest::Approx(0.9));
    CHECK_FALSE(c.clears);
    // with one losing round it clears
    row[7] = 80.0;
    CHECK(check_margin(row, fallback, 0.03, 0.05).clears);
    // but not once Bonferroni splits the level over 5 finalists: 0.01 needs rank 1 (P(<=0) = 1/1024)
    CHECK(sign_test_rank(10, bonferroni(0.05, 5)) == 1u);
    CHECK_FALSE(check_margin(row, fallback, 0.03, bonferroni(0.05, 5)).clears);
  }
  CHECK_THROWS_WITH_AS(check_margin({1, 2}, {1}, 0.03, 0.05),
                       "check_margin: 2 row rounds against 1 fallback rounds; pass the same non-zero number of "
                       "paired rounds",
                       std::invalid_argument);
}
