// Rule 9: the noise probe at the start, every few families and at the end; settling by spinning;
// refusal above the ceiling unless overridden; the closing floor.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include "race_rig.h"

using namespace tune::race;
using tune::race::testing::rig;

namespace {

std::vector<std::string> labels(const mint_result& m) {
  std::vector<std::string> out;
  for (const auto& p : m.probes) out.push_back(p.label);
  return out;
}

}  // namespace

TEST_CASE("a quiet machine probes at the start, every probe_every families and at the end") {
  rig r;
  r.p.probe_every = 2;
  for (int i = 0; i < 5; ++i) r.add("f" + std::to_string(i), {{"base", 1000}, {"fast", 500}});
  const mint_result m = r.run();
  CHECK(m.status == mint_status::ok);
  CHECK(labels(m) == std::vector<std::string>{"start", "mid1", "mid2", "end"});
  CHECK(r.clock.spun_s == 0);
  for (const auto& p : m.probes) {
    CHECK(p.mad_pct < 2.0);
    CHECK(p.cv_pct > 0);
  }
  CHECK(m.noise_floor_pct > 0);
  CHECK(m.families.size() == 5);
}

TEST_CASE("a noisy machine is refused: nothing decided, the reason names the spread and the ceiling") {
  rig r;
  r.timer.probe.cv = 0.4;
  r.add("dot", {{"base", 1000}, {"fast", 500}});
  const mint_result m = r.run();
  CHECK(m.status == mint_status::noise_refused);
  CHECK(m.families.empty());
  CHECK(labels(m) == std::vector<std::string>{"start", "start-settled"});
  CHECK(r.clock.spun_s == r.p.spin_seconds);
  CHECK(r.timer.timed_rows.empty());
  const double spread = m.probes.back().mad_pct;
  CHECK(spread > 10);
  CHECK(m.reason == fmt::format("noise: the probe's spread at start-settled is {:.1f}% (MAD), above the ceiling of "
                                "10.0% (TUNE_NOISE_CEILING); nothing was written. Quiet the machine and mint again, "
                                "or set TUNE_NOISE_OVERRIDE=1 to mint anyway",
                                spread));
}

TEST_CASE("the override mints anyway and says so") {
  rig r;
  r.timer.probe.cv = 0.4;
  r.p.noise_override = true;
  r.add("dot", {{"base", 1000}, {"fast", 500}});
  const mint_result m = r.run();
  CHECK(m.status == mint_status::ok);
  CHECK(m.noise_overridden);
  REQUIRE(m.families.size() == 1);
  // the need follows the noise floor at the time of the race: the settled start probe
  REQUIRE(m.probes.at(1).label == "start-settled");
  CHECK(m.families[0].need_pct == doctest::Approx(m.probes[1].mad_pct));
  CHECK(m.families[0].need_pct > 10);
}

TEST_CASE("a probe above the settle threshold spins, then a quiet re-probe passes") {
  rig r;
  r.timer.probe.cv = 0.06;
  r.clock.on_spin = [&] { r.timer.probe.cv = 0.003; };
  r.add("dot", {{"base", 1000}, {"fast", 500}});
  const mint_result m = r.run();
  CHECK(m.status == mint_status::ok);
  CHECK(labels(m) == std::vector<std::string>{"start", "start-settled", "end"});
  CHECK(m.probes[0].mad_pct > 2.0);
  CHECK(m.probes[1].mad_pct < 2.0);
  CHECK(r.clock.spun_s == r.p.spin_seconds);
  // the settled reading, not the unsettled one, sets the floor
  CHECK(m.noise_floor_pct < 2.0);
  CHECK(m.families[0].need_pct == doctest::Approx(3.0));
}

TEST_CASE("noise that rises by the end demotes a seat whose margin is under the closing floor") {
  rig r;
  r.timer.rows.cv = 0.003;
  r.add("dot", {{"base", 1035}, {"fast", 1000}});
  r.add("big", {{"base", 1000}, {"fast", 500}});
  event_sink events;
  events.end = [&](const family_result&) { r.timer.probe.cv = 0.09; };
  const mint_result m = r.run(events);
  REQUIRE(m.status == mint_status::ok);
  CHECK(m.noise_floor_pct > 3.5);
  CHECK(m.noise_floor_pct < 10);
  const family_result& small = m.families.at(0);
  CHECK(small.outcome == verdict::demoted);
  CHECK(small.winner == "base");
  CHECK(small.demoted == "fast");
  CHECK(small.note.find("below the closing floor") != std::string::npos);
  // a wide margin survives the same floor
  CHECK(m.families.at(1).outcome == verdict::won);
}
