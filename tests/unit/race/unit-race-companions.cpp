// Companions in the race (docs/design/kernels-and-isolation.md "Companions"), on synthetic timings: a
// companion is timed across its family's grid after the family, with the family's seat as its
// fallback, and has its own seat only when a row wins from the family's row.
#include <doctest/doctest.h>

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "race/budget.h"
#include "race/companion_race.h"
#include "race/rounds.h"
#include "race_rig.h"

using namespace tune::race;
using tune::race::testing::rig;

namespace {

// Whether the timer ever timed a window of the rows it knows by `index`.
bool timed(const rig& r, std::size_t index) {
  for (const auto& [family, row] : r.timer.timed_rows)
    if (family == index) return true;
  return false;
}

const std::size_t first_companion = rig::first_companion_index;

}  // namespace

TEST_CASE("a companion with a planted faster row of its own wins it from the family's seat") {
  rig r;
  r.add("dot", {{"base", 1000}, {"fast", 500}, {"other", 1000}});
  r.add_companion("dot_layout", {1000, 1000, 250});  // `other` is 4x faster than the family's seat `fast`
  const mint_result m = r.run();
  REQUIRE(m.status == mint_status::ok);
  const family_result& f = m.families.at(0);
  CHECK(f.winner == "fast");
  REQUIRE(f.companions.size() == 1);
  const family_result& c = f.companions[0];
  CHECK(c.name == "dot_layout");
  CHECK(c.companion_of == "dot");
  CHECK(c.fallback == "fast");
  CHECK(c.winner == "other");
  CHECK(c.outcome == verdict::won);
  CHECK(c.margin_pct.value() == doctest::Approx(300).epsilon(0.05));
  CHECK(c.drift_pct.has_value());  // the validation re-race ran against the family's seat
  CHECK(c.rows.at(2).rounds > 0);
  CHECK(own_seat(f, c) == "other");
  CHECK(timed(r, first_companion));
}

TEST_CASE("a companion whose best row is the family's seat has no seat of its own") {
  SUBCASE("the same planted winner as the family") {
    rig r;
    r.add("dot", {{"base", 1000}, {"fast", 500}, {"other", 1000}});
    r.add_companion("dot_layout", {1000, 500, 1000});
    const family_result f = r.run().families.at(0);
    const family_result& c = f.companions.at(0);
    CHECK(c.fallback == "fast");
    CHECK(c.winner == "fast");
    CHECK(c.outcome == verdict::holds);
    CHECK(c.note.find("; it follows dot's seat") != std::string::npos);
    CHECK_FALSE(own_seat(f, c).has_value());
    CHECK(timed(r, first_companion));  // measured, and the family's row held
  }
  SUBCASE("a row 1% faster than the family's seat does not clear the margin") {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      CAPTURE(seed);
      rig r(seed);
      r.add("dot", {{"base", 1000}, {"fast", 500}, {"other", 1000}});
      r.add_companion("dot_layout", {1000, 500, 495});
      const family_result f = r.run().families.at(0);
      const family_result& c = f.companions.at(0);
      CHECK(c.winner == "fast");
      CHECK((c.outcome == verdict::tie || c.outcome == verdict::holds));
      CHECK_FALSE(own_seat(f, c).has_value());
    }
  }
}

TEST_CASE("a companion races against the family's seat even when the family holds its fallback") {
  rig r;
  r.add("dot", {{"base", 500}, {"slow", 1000}});
  r.add_companion("dot_layout", {1000, 400});
  const family_result f = r.run().families.at(0);
  CHECK(f.winner == "base");
  const family_result& c = f.companions.at(0);
  CHECK(c.fallback == "base");
  CHECK(c.winner == "slow");
  CHECK(own_seat(f, c) == "slow");
}

TEST_CASE("a companion whose signature is not the family's is never timed and follows the family") {
  rig r;
  r.add("dot", {{"base", 1000}, {"fast", 500}});
  r.add_untimed_companion("layout");
  r.add_companion("dot_layout", {1000, 250});
  std::vector<std::string> ended;
  event_sink events;
  events.end = [&](const family_result& f) {
    ended.push_back(f.companion_of ? *f.companion_of + "/" + f.name : f.name);
  };
  const family_result f = r.run(events).families.at(0);
  REQUIRE(f.companions.size() == 2);
  const family_result& untimed = f.companions[0];
  CHECK(untimed.name == "layout");
  CHECK(untimed.winner == "fast");
  CHECK(untimed.outcome == verdict::holds);
  CHECK(untimed.note == "not timed: its signature int() is not the family's; it follows dot's seat fast");
  CHECK_FALSE(own_seat(f, untimed).has_value());
  // only the family's and the timed companion's rows were ever timed
  std::set<std::size_t> indices;
  for (const auto& [family, row] : r.timer.timed_rows) indices.insert(family);
  CHECK(indices == std::set<std::size_t>{0, first_companion});
  // the timed companion still races, and the untimed one sends no event
  CHECK(f.companions[1].rows[0].rounds > 0);
  CHECK(ended == std::vector<std::string>{"dot", "dot/dot_layout"});
}

TEST_CASE("a family whose companions are all untimed races exactly as one without") {
  rig plain(7), with(7);
  plain.add("dot", {{"base", 1000}, {"fast", 500}});
  with.add("dot", {{"base", 1000}, {"fast", 500}});
  with.add_untimed_companion("layout");
  const family_result a = plain.run().families.at(0);
  const family_result b = with.run().families.at(0);
  CHECK(a.companions.empty());
  CHECK(a.winner == b.winner);
  CHECK(a.margin_pct == b.margin_pct);
  CHECK(plain.timer.windows == with.timer.windows);
}

TEST_CASE("a companion whose row at the family's seat gives wrong output follows the family, untimed") {
  rig r;
  r.add("dot", {{"base", 1000}, {"fast", 500}});
  r.add_companion("dot_layout", {1000, 250});
  r.families.back().companions.back().rows[1].rejected = "wrong output (worst abs 1)";
  const family_result f = r.run().families.at(0);
  const family_result& c = f.companions.at(0);
  CHECK(c.outcome == verdict::rejected);
  CHECK(c.winner == "fast");
  CHECK(c.note ==
        "dot's seat fast is rejected for the companion (wrong output (worst abs 1)); it follows the family, so fix the "
        "companion of that row");
  CHECK_FALSE(timed(r, first_companion));
}

TEST_CASE("a family out of budget leaves its companions untimed, verdict budget") {
  rig r;
  r.add("f0", {{"base", 1000}, {"a", 500}});
  r.add("f1", {{"base", 1000}, {"a", 500}});
  r.add_companion("f1_layout", {1000, 250});
  const budget_estimate estimate(r.p);
  r.p.budget_s = 1.2 * estimate.nominal_s(2, plan_rounds(r.p, 0)) + 2 * estimate.probe_s();
  const mint_result m = r.run();
  const family_result& f1 = m.families.at(1);
  REQUIRE(f1.outcome == verdict::budget);
  const family_result& c = f1.companions.at(0);
  CHECK(c.outcome == verdict::budget);
  CHECK(c.winner == "base");
  CHECK(c.note == "budget: f1 was not raced; it follows f1's seat base");
  CHECK_FALSE(timed(r, first_companion));
}

TEST_CASE("a companion that cannot start in the remaining budget follows the family, verdict budget") {
  rig r;
  r.add("dot", {{"base", 1000}, {"fast", 500}});
  r.add_companion("dot_layout", {1000, 250});
  // Room for the family's race and two probes, not for a second race of the same size.
  const budget_estimate estimate(r.p);
  r.p.budget_s = 1.2 * estimate.nominal_s(2, plan_rounds(r.p, 0)) + 2 * estimate.probe_s();
  std::vector<std::string> ended;
  event_sink events;
  events.end = [&](const family_result& f) { ended.push_back(f.name + " " + to_string(f.outcome)); };
  const family_result f = r.run(events).families.at(0);
  CHECK(f.outcome == verdict::won);
  const family_result& c = f.companions.at(0);
  CHECK(c.outcome == verdict::budget);
  CHECK(c.winner == "fast");
  CHECK(c.note.rfind("budget: racing 2 rows needs about ", 0) == 0);
  CHECK(c.note.find("it follows dot's seat fast") != std::string::npos);
  CHECK_FALSE(timed(r, first_companion));
  CHECK(ended == std::vector<std::string>{"dot won", "dot_layout budget"});
}

TEST_CASE("after the closing floor a companion follows the family's seat or is demoted like a family") {
  family_result family;
  family.name = "dot";
  family.winner = "fast";
  family_result won;
  won.name = "dot_layout";
  won.companion_of = "dot";
  won.fallback = "fast";
  won.winner = "other";
  won.outcome = verdict::won;
  won.margin_pct = 50;

  SUBCASE("a win above the floor stands") {
    family.companions = {won};
    settle_companions(family, 3.0);
    CHECK(family.companions[0].winner == "other");
    CHECK(family.companions[0].outcome == verdict::won);
  }
  SUBCASE("a win below the floor is demoted to the family's seat") {
    won.margin_pct = 2.0;
    family.companions = {won};
    settle_companions(family, 3.0);
    const family_result& c = family.companions[0];
    CHECK(c.winner == "fast");
    CHECK(c.outcome == verdict::demoted);
    CHECK(c.demoted == "other");
    CHECK(c.note == "; demoted: margin 2.0% is below the closing floor 3.0%");
    CHECK_FALSE(own_seat(family, c).has_value());
  }
  SUBCASE("the family's seat was demoted: every companion follows its new seat") {
    family.winner = "base";
    family_result followed = won;
    followed.name = "dot_shape";
    followed.winner = "fast";
    followed.outcome = verdict::holds;
    family.companions = {won, followed};
    settle_companions(family, 3.0);
    for (const auto& c : family.companions) {
      CAPTURE(c.name);
      CHECK(c.winner == "base");
      CHECK_FALSE(own_seat(family, c).has_value());
      CHECK(c.note.find("dot's seat fast was demoted after this race, so the companion follows its seat base") !=
            std::string::npos);
    }
    CHECK(family.companions[0].outcome == verdict::demoted);
    CHECK(family.companions[0].demoted == "other");
    CHECK(family.companions[1].outcome == verdict::holds);
  }
}

TEST_CASE("run_mint refuses a companion that does not list its family's grid") {
  rig r;
  r.add("dot", {{"base", 1000}, {"fast", 500}});
  r.add_companion("dot_layout", {1000, 250});
  SUBCASE("rows") {
    r.families.back().companions.back().rows.pop_back();
    CHECK_THROWS_WITH_AS(r.run(),
                         "run_mint: companion 'dot_layout' of family 'dot': its 1 rows are not the family's 2 rows in "
                         "grid order; list every row of the family",
                         std::invalid_argument);
  }
  SUBCASE("timer index") {
    r.families.back().companions.back().timer_index = 0;
    CHECK_THROWS_WITH_AS(r.run(),
                         "run_mint: companion 'dot_layout' of family 'dot': timer index 0 is a family's (1 families); "
                         "give it an index past the families'",
                         std::invalid_argument);
  }
}
