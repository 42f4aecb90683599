// Rules 6 and 7 (race/seat_decision.h) on hand-made per-round times: who takes the seat, and why.
#include <doctest/doctest.h>

#include <stdexcept>

#include "race/seat_decision.h"

using namespace tune::race;

namespace {

const std::vector<std::string> names{"base", "a", "b"};

contender steady(std::size_t row, double ns, std::size_t rounds = 20) { return {row, std::vector<double>(rounds, ns)}; }

}  // namespace

TEST_CASE("a clear winner takes the seat") {
  const auto d = choose_seat({steady(0, 100), steady(1, 80), steady(2, 99)}, 0, std::nullopt, 0.03, 0.05, names);
  CHECK(d.seat == 1);
  CHECK(d.outcome == verdict::won);
  CHECK(d.tied == std::vector<std::size_t>{1});
  CHECK(d.check->gain == doctest::Approx(0.25));
  CHECK(d.note == "a is 25.0% faster than base (need 3.0%, paired-ratio bound 1.250)");
}

TEST_CASE("the fallback is fastest: holds") {
  const auto d = choose_seat({steady(0, 100), steady(1, 110)}, 0, std::nullopt, 0.03, 0.05, names);
  CHECK(d.seat == 0);
  CHECK(d.outcome == verdict::holds);
  CHECK(d.note == "base is the fastest");
}

TEST_CASE("rule 7: tied rows go to the incumbent, else the fallback, else the first in grid order") {
  SUBCASE("fallback tied with the best, no incumbent: the fallback keeps the seat") {
    const auto d = choose_seat({steady(0, 100), steady(1, 98)}, 0, std::nullopt, 0.03, 0.05, names);
    CHECK(d.seat == 0);
    CHECK(d.outcome == verdict::tie);
    CHECK(d.tied == std::vector<std::size_t>{0, 1});
    CHECK(d.note == "base keeps the seat: tied with the best; 2 rows within 3.0% of the best");
  }
  SUBCASE("fallback tied and it is the incumbent") {
    const auto d = choose_seat({steady(0, 100), steady(1, 98)}, 0, std::size_t{0}, 0.03, 0.05, names);
    CHECK(d.seat == 0);
    CHECK(d.outcome == verdict::tie);
    CHECK(d.note == "base keeps the seat: tied with the best; 2 rows within 3.0% of the best (incumbent)");
  }
  SUBCASE("two tied winners, no incumbent: the first in grid order") {
    const auto d = choose_seat({steady(0, 100), steady(1, 80.5), steady(2, 80)}, 0, std::nullopt, 0.03, 0.05, names);
    CHECK(d.seat == 1);
    CHECK(d.outcome == verdict::won);
    CHECK(d.tied == std::vector<std::size_t>{1, 2});
  }
  SUBCASE("two tied winners: the incumbent keeps the seat although it is not the fallback") {
    const auto d = choose_seat({steady(0, 100), steady(1, 80), steady(2, 80.5)}, 0, std::size_t{2}, 0.03, 0.05, names);
    CHECK(d.seat == 2);
    CHECK(d.outcome == verdict::won);
    CHECK(d.note ==
          "b is 24.2% faster than base (need 3.0%, paired-ratio bound 1.242); 2 rows within 3.0% of the "
          "best; the incumbent keeps the seat");
  }
  SUBCASE("an incumbent tied with the fallback but not clearing it yields to the fallback") {
    const auto d = choose_seat({steady(0, 100), steady(1, 99)}, 0, std::size_t{1}, 0.03, 0.05, names);
    CHECK(d.seat == 0);
    CHECK(d.outcome == verdict::tie);
    CHECK(d.note ==
          "base keeps the seat: tied with the best; 2 rows within 3.0% of the best; a is 1.0% faster than "
          "base, below the need of 3.0%");
  }
  SUBCASE("an incumbent that is not tied with the best loses its seat") {
    const auto d = choose_seat({steady(0, 100), steady(1, 80), steady(2, 90)}, 0, std::size_t{2}, 0.03, 0.05, names);
    CHECK(d.seat == 1);
  }
}

TEST_CASE("rule 6: a tied row that fails the sign test passes its turn") {
  // a: median 92 but 9 of 20 rounds slower than the fallback; b: a steady 91.5
  contender a = steady(1, 92);
  for (std::size_t k = 0; k < 9; ++k) a.per_call[k * 2] = 101;
  const auto d = choose_seat({steady(0, 100), a, steady(2, 91.5)}, 0, std::nullopt, 0.03, 0.05, names);
  CHECK(d.tied == std::vector<std::size_t>{1, 2});
  CHECK(d.seat == 2);
  CHECK(d.outcome == verdict::won);
}

TEST_CASE("rule 6: a median gain above need without paired support holds") {
  // a is 10% faster in 11 rounds and 1% slower in 9: gain 10%, sign test fails
  contender a = steady(1, 100 / 1.1);
  for (std::size_t k = 0; k < 9; ++k) a.per_call[k * 2] = 101;
  const auto d = choose_seat({steady(0, 100), a}, 0, std::nullopt, 0.03, 0.05, names);
  CHECK(d.seat == 0);
  CHECK(d.outcome == verdict::holds);
  CHECK(d.note ==
        "base keeps the seat: a is 10.0% faster than base, but the sign test does not clear (paired-ratio "
        "bound 0.990)");
}

TEST_CASE("rule 6: the sign test's level is split (Bonferroni) over the finalists compared with the fallback") {
  // a: 25% faster in 15 of 20 rounds, 1% slower in 5. At 0.05 the bound is the 6th smallest
  // ratio (P(Bin(20) <= 5) = 0.0207), a gain; at 0.05 / 3 the 5th (P(<= 4) = 0.0059), a loss.
  contender a = steady(1, 80);
  for (std::size_t k = 0; k < 5; ++k) a.per_call[k * 4] = 101;
  const std::vector<std::string> four{"base", "a", "slow1", "slow2"};
  const auto alone = choose_seat({steady(0, 100), a}, 0, std::nullopt, 0.03, 0.05, four);
  CHECK(alone.seat == 1);
  CHECK(alone.outcome == verdict::won);
  // the same rounds beside two more finalists (not tied, so not candidates) no longer clear
  const auto among =
      choose_seat({steady(0, 100), a, steady(2, 200), steady(3, 200)}, 0, std::nullopt, 0.03, 0.05, four);
  CHECK(among.seat == 0);
  CHECK(among.outcome == verdict::holds);
  CHECK(among.note ==
        "base keeps the seat: a is 25.0% faster than base, but the sign test does not clear "
        "(paired-ratio bound 0.990)");
}

TEST_CASE("the fallback must be a finalist") {
  CHECK_THROWS_WITH_AS(choose_seat({steady(1, 80)}, 0, std::nullopt, 0.03, 0.05, names),
                       "choose_seat: fallback row 0 is not among the 1 finalists; the fallback always races",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(none_can_win({steady(1, 80)}, 0, 0.03, 0.05),
                       "none_can_win: fallback row 0 is not among the 1 finalists; the fallback always races",
                       std::invalid_argument);
}

TEST_CASE("none_can_win: every finalist but the fallback is bounded below the need") {
  // 20 rounds, two rows besides the fallback: level 0.025, rank 6 (P(Bin(20) <= 5) = 0.0207)
  SUBCASE("twins of the fallback") {
    CHECK(none_can_win({steady(0, 100), steady(1, 100), steady(2, 99.5)}, 0, 0.03, 0.05));
  }
  SUBCASE("one row may still reach the need") {
    CHECK_FALSE(none_can_win({steady(0, 100), steady(1, 100), steady(2, 96)}, 0, 0.03, 0.05));
  }
  SUBCASE("a row 2.9% faster in every round cannot reach 3%") {
    CHECK(none_can_win({steady(0, 100), steady(1, 100 / 1.029)}, 0, 0.03, 0.05));
  }
  SUBCASE("the fallback alone") { CHECK(none_can_win({steady(0, 100)}, 0, 0.03, 0.05)); }
}
