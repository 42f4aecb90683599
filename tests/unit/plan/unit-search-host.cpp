// The host and the person: a busy machine, cancellation through TUNE_CONTROL, and the budget
// that covers everything, including a kill that overshoots the deadline.
#include <doctest/doctest.h>

#include "plan_rig.h"

using namespace tune::plan;
using namespace tune::plan::testing;

TEST_CASE("busy host: a machine busy before the start gives machine_busy and runs nothing") {
  rig t;
  t.load.busy = 0.6;
  const auto r = t.run();
  CHECK(r.status == search_status::machine_busy);
  CHECK(t.runner.runs == 0);
  CHECK_FALSE(r.plan_written_allowed);
  CHECK(r.stop_reason ==
        "the machine was busy before the search started: 60% of the allocation's CPU time went to "
        "other processes (limit 25%)");
  CHECK(*r.load_before.busy_fraction == doctest::Approx(0.6));
}

TEST_CASE("busy host: load is recorded before and after a search") {
  rig t;
  const auto r = t.run();
  CHECK(*r.load_before.busy_fraction == doctest::Approx(0.02));
  CHECK(r.load_before.loadavg1 == doctest::Approx(0.04));
  CHECK(r.load_after.loadavg1 == doctest::Approx(0.04));
  CHECK_FALSE(r.load_after.busy_fraction);
}

TEST_CASE("cancellation: nothing is launched after the request, completed evidence is kept") {
  rig t;
  t.cancel = [&] { return t.runner.runs >= 4; };
  const auto r = t.run();
  CHECK(r.status == search_status::cancelled);
  CHECK(t.runner.runs == 4);
  CHECK_FALSE(r.plan_written_allowed);
  // Every candidate that ran keeps its evidence; the next one says why it never ran.
  for (const auto& run : r.runs) {
    if (run.candidate > 0)
      CHECK(r.candidates.at(static_cast<std::size_t>(run.candidate - 1)).fate == tune::plan::candidate_fate::completed);
  }
  bool told = false;
  for (const auto& c : r.candidates) told = told || c.reason == "not run: the search was cancelled";
  CHECK(told);
  CHECK(r.stop_reason == "cancelled through TUNE_CONTROL; completed evidence is kept");
}

TEST_CASE("cancellation: before the baseline nothing runs") {
  rig t;
  t.cancel = [] { return true; };
  const auto r = t.run();
  CHECK(r.status == search_status::cancelled);
  CHECK(t.runner.runs == 0);
}

TEST_CASE("budget: every process, its timeout and the whole search fit in the budget") {
  rig t;
  t.options.budget_s = 3;
  t.program.window_s = [](const fake_settings& s, int) { return s.omp == 1 ? 0.016 : 0.020; };
  const auto r = t.run();
  const double start = 1000;
  CHECK(r.elapsed_s <= 3.0 + 1e-9);
  CHECK(r.overrun_s == 0);
  for (const auto& run : r.runs) CHECK(run.started_s + run.timeout_s <= 3.0 + 1e-9);
  // The fake clock agrees with the record: nothing ran off the books.
  CHECK(t.clock.t - start == doctest::Approx(r.elapsed_s));
  // Some candidates could not be afforded and say so.
  bool starved = false;
  for (const auto& c : r.candidates) starved = starved || c.reason.rfind("not run: ", 0) == 0;
  CHECK(starved);
}

TEST_CASE("budget: a candidate does not start unless the confirmation reserve stays free") {
  rig t;
  t.options.budget_s = 2.5;
  t.program.window_s = [](const fake_settings& s, int) { return s.omp == 1 ? 0.016 : 0.020; };
  const auto r = t.run();
  // A/A + 3 pairs + the wisdom re-check: the decision still happened.
  REQUIRE_FALSE(r.confirmations.empty());
  CHECK(r.confirmations.front().verdict.complete_pairs >= min_pairs);
  CHECK(r.status == search_status::improved);
}

TEST_CASE("budget: screening cut short with nothing faster yet is budget_exhausted, not a baseline verdict") {
  rig t;
  t.options.budget_s = 1.5;
  // Only the last one-knob candidate (omp_proc_bind=false) would win; the budget ends first.
  t.program.window_s = [](const fake_settings& s, int) { return s.bind == "false" ? 0.010 : 0.020; };
  const auto r = t.run();
  bool unscreened = false;
  for (const auto& c : r.candidates) unscreened = unscreened || c.fate == tune::plan::candidate_fate::proposed;
  REQUIRE(unscreened);
  CHECK(r.status == search_status::budget_exhausted);
  CHECK(r.stop_reason.find(" proposed candidates not screened; none of the ") != std::string::npos);
  CHECK(r.plan_written_allowed);  // the baseline ran: a plan that keeps it may be written
  CHECK(r.confirmations.empty());
}

TEST_CASE("budget: a baseline that cannot finish in the budget ends budget_exhausted without a plan") {
  rig t;
  t.options.budget_s = 1;
  t.program.window_s = [](const fake_settings&, int) { return 0.5; };
  const auto r = t.run();
  CHECK(r.status == search_status::budget_exhausted);
  CHECK_FALSE(r.plan_written_allowed);
  CHECK(r.stop_reason ==
        "the baseline did not finish within the budget of 1.00 s; raise BUDGET or shorten the pilot ARGS");
  REQUIRE(r.runs.size() == 1);
  CHECK(r.runs[0].timeout_s == doctest::Approx(1.0));
}

TEST_CASE("deadline overrun: a kill that overshoots is reported and nothing starts after the deadline") {
  rig t;
  t.options.budget_s = 4;
  t.runner.kill_overshoot_s = 1.5;
  t.program.window_s = [](const fake_settings& s, int) { return s.omp == 1 ? 0.008 : 0.010; };
  // The baseline hangs from its second process on: the A/A pair runs into the deadline.
  t.program.fails = [](const fake_settings& s, int run) -> std::optional<run_outcome::state> {
    if (s.baseline_env && run > 1) return run_outcome::state::timed_out;
    return std::nullopt;
  };
  const auto r = t.run();
  CHECK(r.overrun_s == doctest::Approx(1.5));
  CHECK(r.overrun_s == doctest::Approx(r.elapsed_s - 4.0));
  for (const auto& run : r.runs) CHECK(run.started_s < 4.0);
  CHECK(r.runs.back().role == tune::plan::run_role::aa);
  CHECK(r.runs.back().timeout_is_budget);
  CHECK(r.status == search_status::budget_exhausted);
  CHECK(r.stop_reason == "the budget ran out during the A/A pair");
}
