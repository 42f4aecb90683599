// Rule 8's re-race on relocated copies of the seat and the fallback (docs/measurement.md rule 8):
// a gap that belongs to an address is demoted, a gain that belongs to the code keeps the seat.
#include <doctest/doctest.h>

#include <string>
#include <tuple>

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

TEST_CASE(
    "with several placements the seat must clear at each: a gap that follows all copies but the last is demoted "
    "there") {
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
      {1, 0,
       "validate_relocated = 1 placements but the timer has relocated copies at 0; give the timer copies of "
       "every row at that many other addresses or pass at most 0"},
      {2, 1,
       "validate_relocated = 2 placements but the timer has relocated copies at 1; give the timer copies of "
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
