// Supervised families (tuner/harness/supervised.h, gate.h) against test_bench.cpp's hand-written
// registry: every way a row can fail is a recorded outcome, never the end of the supervisor, and
// a fixture that fails before fx.run is the family's error.
#include <doctest/doctest.h>

#include <chrono>
#include <map>
#include <string>

#include "harness/gate.h"
#include "harness/supervised.h"
#include "measure/counters.h"

using namespace tune::bench;

namespace {

const family_info& family(const std::string& name) {
  for (const auto& f : registered_families())
    if (f.name == name) return f;
  FAIL("no family " << name);
  return registered_families().front();
}

// The families of the test bench, as its registry declares them: this process links the same
// registry (test_bench_registry), the child is the test bench itself.
family_gate gate_of(const std::string& name, family_session& session) { return run_gate(family(name), session, {}); }

std::size_t row_index(const family_info& f, const std::string& suffix) {
  for (std::size_t i = 0; i < f.rows.size(); ++i)
    if (f.rows[i].suffix == suffix) return i;
  FAIL("no row " << suffix);
  return 0;
}

}  // namespace

TEST_CASE("every way a row fails at the gate is recorded with its stage, and the healthy rows pass") {
  const family_info& calm = family("calm");
  family_session session(TUNE_TEST_BENCH, calm, 30);
  const auto started = std::chrono::steady_clock::now();
  const family_gate gate = gate_of("calm", session);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  REQUIRE(gate.error == "");
  const auto row = [&](const std::string& suffix) { return gate.rows().at(row_index(calm, suffix)); };
  CHECK(row("base").passed());
  CHECK(row("copy").passed());
  const auto stage_of = [&](const std::string& suffix) {
    return row(suffix).failure ? row(suffix).failure->stage : "";
  };
  CHECK(stage_of("crashes") == "crash");
  CHECK(row("crashes").failure->detail == "killed by SIGSEGV");
  CHECK(stage_of("exits") == "exit");
  CHECK(row("exits").failure->detail == "exited with status 3");
  CHECK(stage_of("throws") == "throw");
  CHECK(row("throws").failure->detail == "a row that throws");
  CHECK(stage_of("hangs") == "timeout");
  CHECK(row("hangs").failure->detail == "a call ran past the 0.5 s limit (the family's TIMEOUT 0.5 s)");
  CHECK(stage_of("wrong") == "gate");
  CHECK(row("wrong").failure->detail.find("wrong output at call 1 of 3") == 0);
  CHECK(stage_of("later") == "gate");
  CHECK(row("later").failure->detail.find("wrong output at call 2 of 3") == 0);
  CHECK(stage_of("prints") == "crash");
  CHECK(row("prints").failure->detail == "killed by SIGABRT");
  CHECK(row("prints").failure->diagnostic == "assertion failed: the tile fits");
  CHECK(stage_of("missing") == "compile");
  // A reply that reads but is no answer is the row's crash, not a harness error.
  CHECK(stage_of("garbles") == "crash");
  CHECK(row("garbles").failure->detail ==
        "sent the harness a reply without its time (did the row write past a buffer, or onto the harness's channel?)");
  // One child to start with and one after each of the first four deaths (crashes, exits, hangs,
  // prints; garbles, the last, ends its child too, and nothing follows); the hang cost its limit, not more.
  CHECK(session.children_started() == 5);
  CHECK(took < 10);
}

TEST_CASE("a row that failed with the code it has now is not called again; the fallback always is") {
  const family_info& calm = family("calm");
  family_session session(TUNE_TEST_BENCH, calm, 30);
  const tune::race::row_failure crashed{"crash", "killed by SIGSEGV", ""};
  // "hangs" would cost its time limit and a new child, "copy" would pass: neither is called.
  const std::map<std::string, tune::race::row_failure> known{{"hangs", crashed}, {"copy", crashed}, {"base", crashed}};
  const auto started = std::chrono::steady_clock::now();
  const family_gate gate = run_gate(calm, session, {}, known);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  REQUIRE(gate.error == "");
  const auto row = [&](const std::string& suffix) { return gate.rows().at(row_index(calm, suffix)); };
  CHECK(row("hangs").failure->summary() == "crash: killed by SIGSEGV");
  CHECK(row("copy").failure->summary() == "crash: killed by SIGSEGV");
  CHECK(row("copy").failed_before);
  CHECK_FALSE(row("copy").check);  // never called
  CHECK(row("base").passed());     // the reference is always called
  CHECK(took < 0.5);               // the hanging row's 0.5 s limit was not spent

  // A row of the FALLBACK chain that is not the reference is called whatever it failed before.
  family_info chain = calm;
  chain.fallback = {"copy", "base"};
  family_session again(TUNE_TEST_BENCH, chain, 30);
  const family_gate called = run_gate(chain, again, {}, known);
  REQUIRE(called.error == "");
  CHECK(called.rows().at(row_index(chain, "copy")).passed());
  CHECK_FALSE(called.rows().at(row_index(chain, "copy")).failed_before);
  CHECK(called.rows().at(row_index(chain, "hangs")).failed_before);
}

TEST_CASE("a timed window of a hanging row is a timeout, and the session starts a new child after it") {
  const family_info& calm = family("calm");
  family_session session(TUNE_TEST_BENCH, calm, 30);
  const family_gate gate = gate_of("calm", session);
  const auto ok = session.time(0, row_index(calm, "copy"), 0, 100, 5, "five seconds");
  REQUIRE(std::holds_alternative<timed_window>(ok));
  CHECK(std::get<timed_window>(ok).ns > 0);
  // The child counted each hardware event over the window, or said why it could not open it; never both.
  for (const auto& e : tune::measure::hardware_events()) {
    CAPTURE(e.name);
    const auto& counted = std::get<timed_window>(ok).counters;
    const bool was_counted = counted.count(e.name) > 0;
    const bool explained = session.counters_unavailable().count(e.name) > 0;
    CHECK_FALSE((was_counted && explained));
    if (!was_counted && !explained) MESSAGE(e.name << " was opened but not counted in this window");
    if (counted.count(e.name) && e.name == "instructions") CHECK(counted.at(e.name) > 100);
  }
  const auto started = std::chrono::steady_clock::now();
  const auto hung = session.time(0, row_index(calm, "hangs"), 0, 10, 0.3, "the test's 0.3 s");
  CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() < 3);
  REQUIRE(std::holds_alternative<tune::race::row_failure>(hung));
  CHECK(std::get<tune::race::row_failure>(hung).stage == "timeout");
  CHECK(std::get<tune::race::row_failure>(hung).detail == "the test's 0.3 s");
  const int before = session.children_started();
  CHECK(std::holds_alternative<timed_window>(session.time(0, row_index(calm, "base"), 2, 10, 5, "")));
  CHECK(session.children_started() == before + 1);
}

TEST_CASE("the seat is checked again after the race, in a new child: a row right only on its first call fails") {
  const family_info& calm = family("calm");
  family_session session(TUNE_TEST_BENCH, calm, 30);
  const family_gate gate = gate_of("calm", session);
  session.close();
  CHECK_FALSE(recheck_row(calm, gate, session, 0, row_index(calm, "copy")).has_value());
  const auto later = recheck_row(calm, gate, session, 0, row_index(calm, "later"));
  REQUIRE(later.has_value());
  CHECK(later->stage == "gate");
  CHECK(later->detail.find("after the race, wrong output at call 2 of 3") == 0);
}

TEST_CASE("a fixture that fails before fx.run is its family's error, naming the family and how") {
  SUBCASE("it throws") {
    family_session session(TUNE_TEST_BENCH, family("throwing_fixture"), 30);
    CHECK(gate_of("throwing_fixture", session).error ==
          "the fixture of family throwing_fixture failed: no inputs for you");
  }
  SUBCASE("it returns without fx.run") {
    family_session session(TUNE_TEST_BENCH, family("lazy_fixture"), 30);
    CHECK(gate_of("lazy_fixture", session).error ==
          "the fixture of family lazy_fixture failed: the fixture returned without calling fx.run(...): it must say "
          "how to call a kernel");
  }
  SUBCASE("it crashes") {
    family_session session(TUNE_TEST_BENCH, family("crashing_fixture"), 30);
    CHECK(gate_of("crashing_fixture", session).error ==
          "the fixture of family crashing_fixture was killed by SIGSEGV before fx.run");
  }
}

TEST_CASE("time limits: TIMEOUT when given, else 20x the reference's gate call and at least 2 s") {
  CHECK(limits_before_reference(0).reference_call_s == 60);
  CHECK(limits_before_reference(3).reference_call_s == 3);
  CHECK(limits_after_reference(0, 0.001).call_s == 2);
  CHECK(limits_after_reference(0, 0.5).call_s == 10);
  CHECK(limits_after_reference(7, 0.5).call_s == 7);
  CHECK(limits_after_reference(0, 0.001).window_s(0.0001, 1000) == doctest::Approx(4));
}
