// Rows that fail while they are timed, and seats that fail their check after the race
// (docs/fixtures.md "Rows that fail"), on synthetic timings: the engine leaves the row out, records why
// and races on; only a failing fallback stops its family, never the mint.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "race_rig.h"

using namespace tune::race;
using tune::race::testing::rig;

namespace {

const row_result& row_named(const family_result& f, const std::string& suffix) {
  for (const auto& r : f.rows)
    if (r.suffix == suffix) return r;
  FAIL("no row " << suffix);
  return f.rows.front();
}

}  // namespace

TEST_CASE("a row that crashes in the middle of the race is left out, recorded, and the family raced again") {
  rig r;
  r.add("dot", {{"base", 1000}, {"fast", 250}, {"crashy", 200}});
  int windows_of_crashy = 0;
  r.timer.fails = [&](std::size_t family, std::size_t row) -> std::optional<row_failure> {
    if (family == 0 && row == 2 && ++windows_of_crashy > 6) return row_failure{"crash", "killed by SIGSEGV", "oops"};
    return std::nullopt;
  };
  const mint_result m = r.run();
  REQUIRE(m.status == mint_status::ok);
  CHECK(m.errors.empty());
  const family_result& f = m.families.at(0);
  CHECK(f.winner == "fast");
  CHECK(f.outcome == verdict::won);
  const row_result& crashy = row_named(f, "crashy");
  REQUIRE(crashy.failed.has_value());
  CHECK(crashy.failed->stage == "crash");
  CHECK(crashy.failed->diagnostic == "oops");
  CHECK(crashy.rejected == "crash: killed by SIGSEGV");
  CHECK(crashy.rounds == 0);  // the second race never timed it
  CHECK(windows_of_crashy == 7);
}

TEST_CASE("a fallback that fails while it is timed stops its family alone, named in the errors") {
  rig r;
  r.add("dot", {{"base", 1000}, {"fast", 250}});
  r.add("axpy", {{"base", 1000}, {"fast", 500}});
  r.timer.fails = [](std::size_t family, std::size_t row) -> std::optional<row_failure> {
    if (family == 0 && row == 0) return row_failure{"timeout", "a call ran past the 2.0 s limit", ""};
    return std::nullopt;
  };
  const mint_result m = r.run();
  REQUIRE(m.status == mint_status::ok);
  REQUIRE(m.errors.count("dot") == 1);
  CHECK(m.errors.at("dot") ==
        "its fallback row base failed while it was timed: timeout: a call ran past the 2.0 s limit");
  REQUIRE(m.families.size() == 1);
  CHECK(m.families[0].name == "axpy");
  CHECK(m.families[0].winner == "fast");
}

TEST_CASE("a seat that fails its check after the race is demoted to the fallback and says why") {
  rig r;
  r.add("dot", {{"base", 1000}, {"stateful", 250}});
  std::map<std::size_t, int> rechecked;
  r.timer.rechecks = [&](std::size_t family, std::size_t row) -> std::optional<row_failure> {
    ++rechecked[row];
    if (family == 0 && row == 1) return row_failure{"gate", "after the race, wrong output at call 1 of 3", ""};
    return std::nullopt;
  };
  const family_result f = r.run().families.at(0);
  CHECK(rechecked == std::map<std::size_t, int>{{1, 1}});
  CHECK(f.winner == "base");
  CHECK(f.outcome == verdict::demoted);
  CHECK(f.demoted == "stateful");
  CHECK(f.note.find("demoted: the seat failed the correctness check after the race (gate: after the race, wrong "
                    "output at call 1 of 3)") != std::string::npos);
  REQUIRE(row_named(f, "stateful").failed.has_value());
  CHECK(row_named(f, "stateful").rounds > 0);  // it was timed: its numbers stay
}

TEST_CASE("a seat that passes its check after the race keeps it, and a fallback seat is not rechecked") {
  rig r;
  r.add("dot", {{"base", 1000}, {"fast", 250}});
  r.add("twins", {{"a", 1000}, {"b", 1000}});
  std::map<std::size_t, int> rechecked;
  r.timer.rechecks = [&](std::size_t family, std::size_t) -> std::optional<row_failure> {
    ++rechecked[family];
    return std::nullopt;
  };
  const mint_result m = r.run();
  CHECK(m.families.at(0).winner == "fast");
  CHECK(m.families.at(0).outcome == verdict::won);
  CHECK(m.families.at(1).winner == "a");
  CHECK(rechecked == std::map<std::size_t, int>{{0, 1}});
}

TEST_CASE("a companion's row that fails is left out of the companion's race; at the family's seat, it follows") {
  SUBCASE("another row") {
    rig r;
    r.add("dot", {{"base", 1000}, {"fast", 500}, {"other", 1000}});
    r.add_companion("dot_layout", {1000, 1000, 250});
    r.timer.fails = [](std::size_t family, std::size_t row) -> std::optional<row_failure> {
      if (family == rig::first_companion_index && row == 2) return row_failure{"throw", "bad layout", ""};
      return std::nullopt;
    };
    const family_result f = r.run().families.at(0);
    CHECK(f.winner == "fast");
    const family_result& c = f.companions.at(0);
    CHECK(c.winner == "fast");
    REQUIRE(row_named(c, "other").failed.has_value());
    CHECK(row_named(c, "other").failed->stage == "throw");
  }
  SUBCASE("the family's seat") {
    rig r;
    r.add("dot", {{"base", 1000}, {"fast", 500}, {"other", 1000}});
    r.add_companion("dot_layout", {1000, 1000, 250});
    r.timer.fails = [](std::size_t family, std::size_t row) -> std::optional<row_failure> {
      if (family == rig::first_companion_index && row == 1) return row_failure{"crash", "killed by SIGBUS", ""};
      return std::nullopt;
    };
    const family_result f = r.run().families.at(0);
    const family_result& c = f.companions.at(0);
    CHECK(c.winner == "fast");
    CHECK(c.outcome == verdict::rejected);
    CHECK(c.note.find("crash: killed by SIGBUS") != std::string::npos);
  }
}
