// Sequential stopping (protocol.looks): on a noisy box, whose plan runs past the protocol's minimums,
// the final and the re-race are judged at the minimum, halfway to the plan and at the plan, and
// stop at the first look whose verdict is certain. A quiet box's plan is the minimum: one look, at
// the full level. Rows' timings have no noise, so each look's verdict is known exactly.
#include <doctest/doctest.h>

#include <map>
#include <numeric>
#include <set>
#include <stdexcept>

#include "race_rig.h"

using namespace tune::race;
using tune::race::testing::rig;

namespace {

// Counts the steps of each phase and knows the current one.
struct phase_counter {
  std::map<std::string, int> steps;
  std::string phase;
  int round = 0;
  event_sink sink() {
    event_sink events;
    events.step = [this](const std::string&, const std::string& ph, int i, int, int) {
      phase = ph;
      round = i;
      ++steps[ph];
    };
    return events;
  }
};

// A probe spread of about 5% (above min_margin, below the ceiling) plans noisy_rounds = 45
// paired rounds: a final of 40 rounds judged after 15, 28 and 40; a re-race of 46 pairs judged
// after 20, 34 and 46.
rig noisy_rig(int looks) {
  rig r;
  r.timer.rows.cv = 0;
  r.timer.probe.cv = 0.08;
  r.p.noisy_rounds = 45;
  r.p.looks = looks;
  return r;
}

}  // namespace

TEST_CASE("a clear winner stops the final and the re-race at the first look") {
  rig r = noisy_rig(3);
  r.add("dot", {{"base", 1000}, {"fast", 500}});
  phase_counter seen;
  const mint_result m = r.run(seen.sink());
  REQUIRE(m.noise_floor_pct > 3);
  const family_result& f = m.families.at(0);
  CHECK(f.outcome == verdict::won);
  CHECK(f.winner == "fast");
  CHECK(seen.steps["final"] == 15);
  CHECK(f.rows[1].rounds == r.p.screen_rounds + 15);
  CHECK(seen.steps["validate"] == 20);
}

TEST_CASE("identical rows stop at the first look: no row can reach the need") {
  rig r = noisy_rig(3);
  r.add("dot", {{"base", 1000}, {"twin1", 1000}, {"twin2", 1000}});
  phase_counter seen;
  const family_result f = r.run(seen.sink()).families.at(0);
  CHECK(f.outcome == verdict::tie);
  CHECK(f.winner == "base");
  CHECK(seen.steps["final"] == 15);
  CHECK(seen.steps.count("validate") == 0);
}

TEST_CASE("an undecided final runs every look, then judges") {
  // `mixed` is 10% faster in the screen and in even final rounds, 1% slower in odd ones: its
  // median gain clears the need, but at every look so many paired rounds go against it that the
  // sign test neither clears it nor rules it out.
  rig r = noisy_rig(3);
  phase_counter seen;
  r.add("dot", {{"base", 1000}, {"mixed", 1000}});
  r.timer.ns_per_call = [&](std::size_t, std::size_t row) {
    if (row == 0) return 1000.0;
    return seen.phase == "final" && seen.round % 2 == 1 ? 1010.0 : 1000 / 1.10;
  };
  const family_result f = r.run(seen.sink()).families.at(0);
  CHECK(seen.steps["final"] == 40);
  CHECK(f.rows[1].rounds == r.p.screen_rounds + 40);
  CHECK(f.winner == "base");
  CHECK(f.outcome == verdict::holds);
  CHECK(f.note.find("mixed is 10.0% faster than base, but the sign test does not clear") != std::string::npos);
}

TEST_CASE("a re-race that shows no gain demotes at its first look") {
  rig r = noisy_rig(3);
  phase_counter seen;
  r.add("dot", {{"base", 1000}, {"lucky", 800}});
  r.timer.ns_per_call = [&](std::size_t, std::size_t row) {
    return row == 1 && seen.phase != "validate" ? 800.0 : 1000.0;
  };
  const family_result f = r.run(seen.sink()).families.at(0);
  CHECK(f.outcome == verdict::demoted);
  CHECK(f.demoted == "lucky");
  CHECK(seen.steps["validate"] == 20);
}

TEST_CASE("with one look the final and the re-race run their whole plan") {
  rig r = noisy_rig(1);
  r.add("dot", {{"base", 1000}, {"fast", 500}});
  phase_counter seen;
  const family_result f = r.run(seen.sink()).families.at(0);
  CHECK(f.outcome == verdict::won);
  CHECK(seen.steps["final"] == 40);
  CHECK(seen.steps["validate"] == 46);
}

TEST_CASE("a quiet box's plan is the minimum: one look, tested at the full level") {
  // `fast` loses final rounds 2, 4, 6, 8 and 10: 5 of 20 paired rounds. At alpha = 0.05 the sign
  // test's bound is the 6th smallest ratio and clears; at alpha / 3 it would be the 5th and fail.
  rig r;
  r.timer.rows.cv = 0;
  phase_counter seen;
  r.add("dot", {{"base", 1000}, {"fast", 1000}});
  r.timer.ns_per_call = [&](std::size_t, std::size_t row) {
    if (row == 0) return 1000.0;
    return seen.phase == "final" && seen.round % 2 == 0 && seen.round <= 10 ? 1010.0 : 800.0;
  };
  const family_result f = r.run(seen.sink()).families.at(0);
  CHECK(seen.steps["final"] == r.p.final_rounds);
  CHECK(f.outcome == verdict::won);
  CHECK(f.winner == "fast");
}

TEST_CASE("looks must be at least 1") {
  rig r;
  r.p.looks = 0;
  r.add("dot", {{"base", 1000}, {"fast", 500}});
  CHECK_THROWS_WITH_AS(r.run(), "run_mint: looks = 0; pass at least 1", std::invalid_argument);
}

TEST_CASE("the mint says where its time went, phase by phase") {
  rig r;
  r.timer.probe.cv = 0.06;
  r.clock.on_spin = [&] { r.timer.probe.cv = 0.003; };
  r.add("dot", {{"base", 1000}, {"fast", 500}});
  const mint_result m = r.run();
  REQUIRE(m.status == mint_status::ok);
  for (const char* phase : {"warm", "screen", "final", "validate", "probe", "spin"}) {
    CAPTURE(phase);
    CHECK(m.phase_s.at(phase) > 0);
  }
  CHECK(m.phase_s.at("spin") == doctest::Approx(r.p.spin_seconds));
  // on the fake clock every second passes inside a window or a spin
  const double total = std::accumulate(m.phase_s.begin(), m.phase_s.end(), 0.0,
                                       [](double sum, const auto& phase) { return sum + phase.second; });
  CHECK(total == doctest::Approx(m.ms / 1000));
  CHECK(m.phase_s.size() == 6);
}
