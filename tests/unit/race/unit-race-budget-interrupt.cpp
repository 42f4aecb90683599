// Rule 11 (budget) and rule 12 (interrupt via the control file).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "race/budget.h"
#include "race/rounds.h"
#include "race_rig.h"

using namespace tune::race;
using tune::race::testing::rig;

TEST_CASE("a family that cannot start in the remaining budget keeps its fallback, verdict budget") {
  rig r;
  for (int i = 0; i < 3; ++i) r.add("f" + std::to_string(i), {{"base", 1000}, {"a", 500}, {"b", 990}, {"c", 1010}});
  // Room for one family at its planned length and two probes: the first races, and what it
  // spends leaves too little for the next.
  const budget_estimate estimate(r.p);
  r.p.budget_s = 1.2 * estimate.nominal_s(4, plan_rounds(r.p, 0)) + 2 * estimate.probe_s();
  std::vector<std::string> ended;
  event_sink events;
  events.end = [&](const family_result& f) { ended.push_back(f.name); };
  const mint_result m = r.run(events);
  REQUIRE(m.families.size() == 3);
  CHECK(m.families[0].outcome == verdict::won);
  for (std::size_t i : {1u, 2u}) {
    const family_result& f = m.families[i];
    CAPTURE(i);
    CHECK(f.outcome == verdict::budget);
    CHECK(f.winner == "base");
    CHECK(f.note.rfind("budget: racing 4 rows needs about ", 0) == 0);
    CHECK(f.rows.size() == 4);
    CHECK_FALSE(f.rows[1].median_ns.has_value());
    CHECK(r.timer.timed_rows.count({i, 1}) == 0);
  }
  // never silently: every family is reported
  CHECK(ended == std::vector<std::string>{"f0", "f1", "f2"});
  // the end probe still ran
  CHECK(m.probes.back().label == "end");
}

TEST_CASE("without a budget every family races") {
  rig r;
  for (int i = 0; i < 3; ++i) r.add("f" + std::to_string(i), {{"base", 1000}, {"a", 500}});
  for (const auto& f : r.run().families) CHECK(f.outcome == verdict::won);
}

namespace {

struct control_file {
  control_file() : path(std::filesystem::temp_directory_path() / ("tune-race-control-" + std::to_string(::getpid()))) {
    std::filesystem::remove(path);
  }
  ~control_file() { std::filesystem::remove(path); }
  void create() const { std::ofstream(path) << "stop\n"; }
  std::filesystem::path path;
};

}  // namespace

TEST_CASE("a control file that appears mid-mint stops after the window in flight, deciding nothing") {
  rig r;
  control_file control;
  r.p.control_file = control.path.string();
  r.add("f0", {{"base", 1000}, {"a", 500}});
  r.add("f1", {{"base", 1000}, {"a", 500}});
  r.timer.before_window = [&] {
    if (r.timer.windows == 150) control.create();
  };
  const mint_result m = r.run();
  CHECK(m.status == mint_status::interrupted);
  CHECK(m.families.empty());
  CHECK(m.reason == "interrupted: the control file " + control.path.string() +
                        " exists; stopped after the window in flight and decided nothing");
  // the window in flight when the file appeared (the 151st) finished; no other started
  CHECK(r.timer.windows == 151);
}

TEST_CASE("a control file present at the start stops before any window") {
  rig r;
  control_file control;
  control.create();
  r.p.control_file = control.path.string();
  r.add("f0", {{"base", 1000}, {"a", 500}});
  const mint_result m = r.run();
  CHECK(m.status == mint_status::interrupted);
  CHECK(r.timer.windows == 0);
}
