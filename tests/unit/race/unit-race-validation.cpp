// Rule 8: the validation re-race on fresh samples demotes a seat that does not hold, and records
// the level drift without judging it.
#include <doctest/doctest.h>

#include "race_rig.h"

using namespace tune::race;
using tune::race::testing::rig;

TEST_CASE("a row fast only during the main race is demoted by the re-race") {
  rig r;
  bool validating = false;
  r.add("dot", {{"base", 1000}, {"lucky", 800}});
  r.timer.ns_per_call = [&](std::size_t, std::size_t row) { return row == 1 && !validating ? 800.0 : 1000.0; };
  event_sink events;
  std::vector<std::string> phases;
  events.step = [&](const std::string&, const std::string& phase, int, int, int) {
    if (phase == "validate") validating = true;
  };
  const family_result f = r.run(events).families.at(0);
  CHECK(f.outcome == verdict::demoted);
  CHECK(f.winner == "base");
  CHECK(f.demoted == "lucky");
  // the demoted row's margin is the smaller of the two races: the re-race's ~0%; the seat has none
  CHECK(f.demoted_margin_pct.value() < 3.0);
  CHECK_FALSE(f.margin_pct.has_value());
  CHECK(f.note.find("demoted: the re-race gave") != std::string::npos);
}

TEST_CASE("the re-race runs ABBA blocks, each starting with a row drawn at random, on fresh samples") {
  rig r;
  r.p.looks = 1;
  r.add("dot", {{"base", 1000}, {"fast", 800}});
  std::vector<std::size_t> order;
  bool validating = false;
  r.timer.ns_per_call = [&](std::size_t, std::size_t row) {
    if (validating) order.push_back(row);
    return row == 1 ? 800.0 : 1000.0;
  };
  event_sink events;
  int validate_steps = 0;
  events.step = [&](const std::string&, const std::string& phase, int, int, int) {
    validating = phase == "validate";
    validate_steps += phase == "validate";
  };
  const family_result f = r.run(events).families.at(0);
  CHECK(f.outcome == verdict::won);
  CHECK(validate_steps == r.p.validate_rounds);
  REQUIRE(order.size() == 2u * static_cast<std::size_t>(r.p.validate_rounds));
  const std::vector<std::size_t> abba{1, 0, 0, 1}, baab{0, 1, 1, 0};
  int starts_with_seat = 0;
  for (std::size_t block = 0; block < order.size(); block += 4) {
    const std::vector<std::size_t> seen(order.begin() + static_cast<std::ptrdiff_t>(block),
                                        order.begin() + static_cast<std::ptrdiff_t>(block) + 4);
    CAPTURE(block);
    CHECK((seen == abba || seen == baab));
    starts_with_seat += seen == abba;
  }
  // 10 blocks: both orientations occur
  CHECK(starts_with_seat > 0);
  CHECK(starts_with_seat < 10);
}

TEST_CASE("a level drift between race and re-race is recorded, not judged") {
  rig r;
  bool validating = false;
  r.timer.level = [&](double) { return validating ? 1.25 : 1.0; };
  event_sink events;
  events.step = [&](const std::string&, const std::string& phase, int, int, int) {
    if (phase == "validate") validating = true;
  };
  r.add("dot", {{"base", 1000}, {"fast", 800}});
  const family_result f = r.run(events).families.at(0);
  CHECK(f.outcome == verdict::won);
  CHECK(f.drift_pct.value() == doctest::Approx(25).epsilon(0.1));
  CHECK(f.margin_pct.value() == doctest::Approx(25).epsilon(0.1));
}
