// How many rounds a race runs as the noise grows (race/rounds.h), and what the budget rule
// expects a race to cost (race/budget.h).
#include <doctest/doctest.h>

#include "race/budget.h"
#include "race/rounds.h"

using namespace tune::race;

TEST_CASE("a quiet box runs the protocol's minimums") {
  const protocol p;
  const round_plan quiet = plan_rounds(p, 0.5);
  CHECK(quiet.final_rounds == p.final_rounds);
  CHECK(quiet.validate_pairs == p.validate_rounds);
}

TEST_CASE("rounds grow with (spread / min_margin)^2 and stop growing at min_margin") {
  protocol p;
  p.noisy_rounds = 60;
  // spread 2.4% of a 3% margin: 60 * 0.64 = 38.4 -> 39 paired rounds; the screen's 5 count
  const round_plan mid = plan_rounds(p, 2.4);
  CHECK(mid.final_rounds == 34);
  CHECK(mid.validate_pairs == 40);  // 39 rounded up to whole ABBA blocks
  const round_plan at = plan_rounds(p, 3.0);
  CHECK(at.final_rounds == 55);
  CHECK(at.validate_pairs == 60);
  const round_plan above = plan_rounds(p, 9.0);
  CHECK(above.final_rounds == 55);
  CHECK(above.validate_pairs == 60);
}

TEST_CASE("an odd validate_rounds is rounded up to whole ABBA blocks") {
  protocol p;
  p.validate_rounds = 11;
  CHECK(plan_rounds(p, 0).validate_pairs == 12);
}

TEST_CASE("the budget estimate counts every window at its longest jitter, scaled by the worst overrun") {
  protocol p;
  p.window_ms = 20;  // 20% jitter: 24 ms at the longest
  budget_estimate b(p);
  const round_plan plan{15, 20};
  // 4 rows: warm 8 + screen 20 + final 15 x 4 + validation 40 = 128 windows
  CHECK(b.nominal_s(4, plan) == doctest::Approx(128 * 0.024));
  // 20 rows: at most max_twins + 2 = 10 finalists
  CHECK(b.nominal_s(20, plan) == doctest::Approx((40 + 100 + 150 + 40) * 0.024));
  CHECK(b.family_s(4, plan) == doctest::Approx(128 * 0.024));
  b.record(4, plan, 2 * 128 * 0.024);
  CHECK(b.family_s(4, plan) == doctest::Approx(2 * 128 * 0.024));
  // a faster race never lowers the estimate
  b.record(4, plan, 0.1);
  CHECK(b.family_s(4, plan) == doctest::Approx(2 * 128 * 0.024));
  CHECK(b.probe_s() == doctest::Approx(14 * 0.024));
}
