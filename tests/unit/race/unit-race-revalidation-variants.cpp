// Rule 8's variants, measured on the real machine against A/A false wins (docs/measurement.md,
// "Looking for a lever against the A/A false wins"): a re-race on relocated copies of the seat
// and the fallback, a deferred re-race, and a sign test that counts each ABBA block once.
#include <doctest/doctest.h>

#include <limits>
#include <string>
#include <tuple>

#include "race/margin.h"
#include "race_rig.h"

using namespace tune::race;
using tune::race::testing::rig;

namespace {

// The twin runs 6% faster at its raced address only; its relocated copy is the fallback's speed.
void add_address_twin(rig& r) {
  r.add("dot", {{"base", 1000}, {"twin", 940}});
  r.timer.relocated_ns_per_call = [](std::size_t, std::size_t, int) { return 1000.0; };
}

}  // namespace

TEST_CASE("a copy fast only at its own address wins the plain re-race and is demoted by the relocated one") {
  SUBCASE("plain re-race: the gap is still there, so it confirms it") {
    rig r;
    add_address_twin(r);
    const family_result f = r.run().families.at(0);
    CHECK(f.outcome == verdict::won);
    CHECK(f.winner == "twin");
    CHECK(r.timer.timed_relocated.empty());
  }
  SUBCASE("relocated re-race: the gap does not follow the code") {
    rig r;
    add_address_twin(r);
    r.p.validate_relocated = 1;
    const family_result f = r.run().families.at(0);
    CHECK(f.outcome == verdict::demoted);
    CHECK(f.winner == "base");
    CHECK(f.demoted == "twin");
    CHECK(f.note.find("demoted: the relocated re-race gave") != std::string::npos);
    CHECK(r.timer.timed_relocated == std::set<std::tuple<std::size_t, std::size_t, int>>{{0, 0, 1}, {0, 1, 1}});
  }
}

TEST_CASE("a real gain follows the code to the relocated copies and keeps the seat") {
  for (int placements : {1, 2, 3}) {
    CAPTURE(placements);
    rig r;
    r.p.validate_relocated = placements;
    r.timer.placements = placements;
    r.add("dot", {{"base", 1000}, {"fast", 850}});
    r.timer.relocated_ns_per_call = [&](std::size_t f, std::size_t row, int) { return r.costs.at(f).at(row); };
    const family_result f = r.run().families.at(0);
    CHECK(f.outcome == verdict::won);
    CHECK(f.winner == "fast");
    CHECK(f.note.find(placements == 1 ? "; relocated re-race " : "; relocated re-races ") != std::string::npos);
    CHECK(r.timer.timed_relocated.size() == 2 * static_cast<std::size_t>(placements));
  }
}

TEST_CASE("with several placements the seat must clear at each: a gap that follows all copies but the last is demoted there") {
  for (int placements : {2, 3}) {
    CAPTURE(placements);
    // The twin is 6% faster at its own address and at every placement before the last (an address
    // episode that spans them), the fallback's speed at the last.
    rig r;
    r.p.validate_relocated = placements;
    r.timer.placements = placements;
    r.add("dot", {{"base", 1000}, {"twin", 940}});
    r.timer.relocated_ns_per_call = [placements](std::size_t, std::size_t row, int placement) {
      return row == 1 && placement < placements ? 940.0 : 1000.0;
    };
    const family_result f = r.run().families.at(0);
    CHECK(f.outcome == verdict::demoted);
    CHECK(f.winner == "base");
    CHECK(f.note.find("demoted: the relocated re-race at placement " + std::to_string(placements) + " of " +
                      std::to_string(placements) + " gave") != std::string::npos);
    for (int k = 1; k <= placements; ++k) CHECK(r.timer.timed_relocated.count({0, 1, k}) == 1);
    // The seat (the fallback) has no margin; the demoted row's is recorded beside it.
    CHECK_FALSE(f.margin_pct);
    REQUIRE(f.demoted_margin_pct);
    CHECK(*f.demoted_margin_pct < 3.0);
  }
}

TEST_CASE("a relocated re-race at more placements than the timer has copies is refused before any window") {
  // (placements asked, placements the timer has, the message's tail)
  const std::tuple<int, int, const char*> cases[] = {
      {1, 0, "validate_relocated = 1 placements but the timer has relocated copies at 0; give the timer copies of "
             "every row at that many other addresses or pass at most 0"},
      {2, 1, "validate_relocated = 2 placements but the timer has relocated copies at 1; give the timer copies of "
             "every row at that many other addresses or pass at most 1"}};
  for (const auto& c : cases) {
    // Named, not a structured binding: CAPTURE is a lambda, which cannot capture one in Clang 14.
    const int asked = std::get<0>(c), has = std::get<1>(c);
    const char* message = std::get<2>(c);
    CAPTURE(asked);
    rig r;
    r.p.validate_relocated = asked;
    r.add("dot", {{"base", 1000}, {"fast", 850}});
    if (has > 0) {
      r.timer.placements = has;
      r.timer.relocated_ns_per_call = [](std::size_t, std::size_t, int) { return 1000.0; };
    }
    CHECK_THROWS_WITH_AS(r.run(), (std::string("run_mint: ") + message).c_str(), std::invalid_argument);
    CHECK(r.timer.windows == 0);
  }
}

TEST_CASE("the re-race waits validate_delay_s after the final, so a gap must last that long") {
  // The twin is 6% faster until one second after the last final round started.
  const auto mint = [](double delay_s) {
    rig r;
    r.p.validate_delay_s = delay_s;
    r.add("dot", {{"base", 1000}, {"twin", 940}});
    double fast_until = std::numeric_limits<double>::infinity();
    r.timer.ns_per_call = [&](std::size_t, std::size_t row) {
      return row == 1 && r.clock.now_s() < fast_until ? 940.0 : 1000.0;
    };
    event_sink events;
    events.step = [&](const std::string&, const std::string& phase, int, int, int) {
      if (phase == "final") fast_until = r.clock.now_s() + 1.0;
    };
    return r.run(events);
  };
  const mint_result now = mint(0);
  CHECK(now.families.at(0).outcome == verdict::won);
  CHECK(now.phase_s.count("wait") == 0);
  const mint_result later = mint(2);
  CHECK(later.families.at(0).outcome == verdict::demoted);
  CHECK(later.phase_s.at("wait") == doctest::Approx(2).epsilon(0.01));
}

TEST_CASE("the block sign test counts an ABBA block once: two pairs tipped by one disturbance do not clear") {
  // 10 blocks; in 8 both pairs favour the row by 10%, in 2 both favour the fallback by 10%.
  std::vector<double> row, fallback;
  for (int block = 0; block < 10; ++block) {
    for (int pair = 0; pair < 2; ++pair) {
      row.push_back(block < 8 ? 1000.0 : 1100.0);
      fallback.push_back(block < 8 ? 1100.0 : 1000.0);
    }
  }
  // 16 of 20 pairs: the pairwise sign test clears at 5%.
  CHECK(check_margin(row, fallback, 0.03, 0.05).clears);
  // 8 of 10 blocks: not enough.
  const margin_check blocks = check_margin_by_block(row, fallback, 0.03, 0.05);
  CHECK_FALSE(blocks.clears);
  CHECK(blocks.gain == doctest::Approx(0.10));
  CHECK_THROWS_WITH_AS(check_margin_by_block({1, 2, 3}, {1, 2, 3}, 0.03, 0.05),
                       "check_margin_by_block: 3 row rounds against 3 fallback rounds; pass the same non-zero, even "
                       "number of paired rounds (whole ABBA blocks)",
                       std::invalid_argument);
}

TEST_CASE("validate_by_block: the engine's re-race judges blocks") {
  // The re-race's windows: the fallback is 10% slower in 8 of every 10 blocks, equal in the rest
  // (both pairs of a block alike), so 16 of 20 pairs favour the seat but only 8 of 10 blocks.
  const auto mint = [](bool by_block) {
    rig r;
    r.timer.rows.cv = 0;
    r.p.looks = 1;
    r.p.validate_by_block = by_block;
    r.add("dot", {{"base", 1000}, {"fast", 850}});
    bool validating = false;
    int fallback_windows = 0;
    r.timer.ns_per_call = [&](std::size_t, std::size_t row) {
      if (!validating) return row == 1 ? 850.0 : 1000.0;
      if (row == 1) return 1000.0;
      // two fallback windows a block
      const int block = fallback_windows++ / 2;
      return block % 10 < 8 ? 1100.0 : 900.0;
    };
    event_sink events;
    events.step = [&](const std::string&, const std::string& phase, int, int, int) {
      validating = phase == "validate";
    };
    return r.run(events).families.at(0);
  };
  CHECK(mint(false).outcome == verdict::won);
  const family_result blocks = mint(true);
  CHECK(blocks.outcome == verdict::demoted);
  CHECK(blocks.note.find("demoted: the re-race gave") != std::string::npos);
}
