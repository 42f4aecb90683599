// The search on a fake program with known costs: it finds what the costs say, catches an
// interaction one-axis screening misses, and is not fooled by a lucky screening run.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "plan_rig.h"

using namespace tune::plan;
using namespace tune::plan::testing;

namespace {

// Every structural promise of a finished record, whatever the status.
void check_record_structure(const search_record& r) {
  int seq = 0;
  for (const auto& run : r.runs) CHECK(run.seq == ++seq);
  for (const auto& c : r.candidates) {
    CHECK_FALSE(c.reason.empty());
  }
  CHECK(r.elapsed_s <= r.options.budget_s + 1e-9);
  for (const auto& run : r.runs) CHECK(run.started_s + run.timeout_s <= r.options.budget_s + 1e-9);
}

std::string candidate_stage_of_winner(const search_record& r) {
  return r.candidates.at(static_cast<std::size_t>(*r.winner - 1)).stage;
}

}  // namespace

TEST_CASE("known costs: the search selects the cheapest settings and proves it in pairs") {
  rig t;
  t.program.window_s = [](const fake_settings& s, int) {
    return 0.010 * (s.omp == 1 ? 0.8 : 1.0) * (s.fftw == 2 ? 0.9 : 1.0) * (s.planner == "measure" ? 0.95 : 1.0) *
           (s.openblas == 1 ? 1.1 : 1.0) * (s.wait == "passive" ? 1.02 : 1.0);
  };
  const auto r = t.run();
  check_record_structure(r);
  REQUIRE(r.status == search_status::improved);
  CHECK(rig::setting(r.selected, "OMP_NUM_THREADS") == "1");
  CHECK(rig::setting(r.selected, "TUNE_KNOB_FFTW_THREADS") == "2");
  CHECK(rig::setting(r.selected, "TUNE_KNOB_FFTW_PLANNER") == "measure");
  CHECK(rig::setting(r.selected, "OPENBLAS_NUM_THREADS") == "2");
  CHECK(t.true_cost(r) == doctest::Approx(0.010 * 0.8 * 0.9 * 0.95));
  REQUIRE(r.aa_pairs.size() == 1);
  CHECK(r.aa_pairs[0].gain() == doctest::Approx(0.0));
  const auto& conf = r.confirmations.front();
  CHECK(conf.pairs.size() >= static_cast<std::size_t>(min_pairs));
  CHECK(conf.verdict.established);
  CHECK(r.enumeration == "tune-plan-enum/4");
  REQUIRE(r.wisdom);
  CHECK(*r.wisdom == "(fftw-wisdom measure)");
}

TEST_CASE("known costs: the first stage is one knob at a time, in a fixed order, then the serial point") {
  rig t;
  const auto r = t.run();
  std::vector<std::string> first;
  for (const auto& c : r.candidates) {
    if (c.stage == "one-knob" || c.stage == "serial") first.push_back(c.description);
  }
  const std::vector<std::string> expected{"openblas_threads=1",     "omp_threads=1",
                                          "fftw_threads=2",         "fftw_planner=measure",
                                          "omp_wait_policy=active", "omp_wait_policy=passive",
                                          "omp_proc_bind=close",    "omp_proc_bind=spread",
                                          "omp_proc_bind=false",    "openblas_threads=1, omp_threads=1"};
  CHECK(first == expected);
}

TEST_CASE("known costs: points that resolve to the same settings run once, and the skip is recorded") {
  rig t;
  t.options.alloc.threads = 1;
  t.options.alloc.cpus = {0};
  t.program.default_threads = 1;
  const auto r = t.run();
  // With one CPU, fftw_threads' 1, 2 and 4 all clip to 1: the knob has nothing to search.
  bool noted = false;
  for (const auto& n : r.knob_notes) noted = noted || n.find("fftw_threads: not searched") == 0;
  CHECK(noted);
  std::map<std::string, int> runs_per_key;
  for (const auto& c : r.candidates) {
    if (c.fate != tune::plan::candidate_fate::skipped && c.fate != tune::plan::candidate_fate::proposed)
      ++runs_per_key[effective_key(c.settings)];
  }
  for (const auto& [key, n] : runs_per_key) CHECK(n == 1);
}

TEST_CASE("interaction: a joint move of two thread pools wins where each single move loses") {
  rig t;
  t.program.window_s = [](const fake_settings& s, int) {
    const bool blas_serial = s.openblas == 1, fft_parallel = s.fftw == 2;
    if (blas_serial && fft_parallel) return 0.007;
    return blas_serial || fft_parallel ? 0.011 : 0.010;
  };
  const auto r = t.run();
  check_record_structure(r);
  CHECK(rig::find(r, "openblas_threads=1").objective_s > r.baseline_objective_s);
  CHECK(rig::find(r, "fftw_threads=2").objective_s > r.baseline_objective_s);
  REQUIRE(r.status == search_status::improved);
  CHECK(rig::setting(r.selected, "OPENBLAS_NUM_THREADS") == "1");
  CHECK(rig::setting(r.selected, "TUNE_KNOB_FFTW_THREADS") == "2");
  CHECK(candidate_stage_of_winner(r) == "joint");
}

TEST_CASE("misleading screening winner: a lucky screen is confirmed away and the real gain wins") {
  rig t;
  int lucky_runs = 0;
  t.program.window_s = [&](const fake_settings& s, int) {
    if (s.omp == 1 && s.fftw == 1 && s.openblas == 2 && s.planner == "estimate" && s.wait == "unset" &&
        s.bind == "unset") {
      // Truly 5% slower than the baseline, but all its screening processes (at most 9) were lucky.
      return ++lucky_runs <= 9 ? 0.006 : 0.0105;
    }
    return s.fftw == 2 ? 0.009 : 0.010;
  };
  const auto r = t.run();
  check_record_structure(r);
  REQUIRE(r.confirmations.size() >= 2);
  const auto& lucky = rig::find(r, "omp_threads=1");
  CHECK(r.confirmations[0].candidate == lucky.id);
  CHECK_FALSE(r.confirmations[0].verdict.established);
  CHECK(r.confirmations[0].verdict.median_gain < 0);
  REQUIRE(r.status == search_status::improved);
  CHECK(rig::setting(r.selected, "TUNE_KNOB_FFTW_THREADS") == "2");  // the real gain, wherever omp_threads is
  CHECK(t.true_cost(r) == doctest::Approx(0.009));
}

TEST_CASE("misleading screening winner: budget left after screening re-screens the best few first") {
  rig t;
  int lucky_runs = 0;
  t.program.window_s = [&](const fake_settings& s, int) {
    if (s.omp == 1 && s.fftw == 1 && s.openblas == 2 && s.planner == "estimate" && s.wait == "unset" &&
        s.bind == "unset") {
      return ++lucky_runs == 1 ? 0.006 : 0.0105;  // one lucky process
    }
    return s.fftw == 2 ? 0.009 : 0.010;
  };
  const auto r = t.run();
  const auto& lucky = rig::find(r, "omp_threads=1");
  REQUIRE(lucky.objective_s);
  CHECK(*lucky.objective_s == doctest::Approx(0.0105));
  CHECK(lucky.reason.find(" processes)") != std::string::npos);  // "(median of N processes)"
  for (const auto& c : r.confirmations) CHECK(c.candidate != lucky.id);
  CHECK(r.status == search_status::improved);
  CHECK(t.true_cost(r) == doctest::Approx(0.009));
}

TEST_CASE("misleading screening winner: a new leader is re-screened at once and steers nothing on one process") {
  rig t;
  int lucky_runs = 0;
  t.program.window_s = [&](const fake_settings& s, int) {
    if (s.omp == 1 && s.fftw == 1 && s.openblas == 2 && s.planner == "estimate" && s.wait == "unset" &&
        s.bind == "unset") {
      return ++lucky_runs == 1 ? 0.006 : 0.0105;  // one lucky process, then its true cost
    }
    return s.fftw == 2 ? 0.009 : 0.010;
  };
  const auto r = t.run();
  check_record_structure(r);
  const auto& lucky = rig::find(r, "omp_threads=1");
  std::vector<int> order;
  for (const auto& run : r.runs) order.push_back(run.candidate);
  const auto first = std::find(order.begin(), order.end(), lucky.id);
  REQUIRE(std::distance(first, order.end()) >= 3);
  CHECK(*(first + 1) == lucky.id);  // challenged before anything else runs
  CHECK(*(first + 2) == lucky.id);  // the median of two would still carry half the luck
  CHECK(r.runs[static_cast<std::size_t>(first - order.begin()) + 1].role == tune::plan::run_role::screen);
  for (const auto& c : r.candidates) {
    CHECK(c.origin != "one knob away from c" + std::to_string(lucky.id));
    if (c.stage == "joint") CHECK(c.origin.find("c" + std::to_string(lucky.id)) == std::string::npos);
  }
  REQUIRE(r.status == search_status::improved);
  CHECK(t.true_cost(r) == doctest::Approx(0.009));
}

namespace {

// Processes alternate between 1.00 and 1.02 times their settings' cost (the baseline, the first,
// at 1.00, so points of its cost never lead): the spread seen is 2%.
// Two FFTW threads are 5% faster than the baseline; passive OpenMP waiting (an axis of three
// values, screened after those of two) halves the window.
double two_leaders(const fake_settings& s, int run) {
  const double cost = 0.010 * (s.fftw == 2 ? 0.95 : 1.0) * (s.wait == "passive" ? 0.5 : 1.0);
  return cost * (run % 2 ? 1.0 : 1.02);
}

// The same jitter with passive waiting alone halving the window.
double one_leader(const fake_settings& s, int run) {
  return 0.010 * (s.wait == "passive" ? 0.5 : 1.0) * (run % 2 ? 1.0 : 1.02);
}

// The first completed candidate with these settings, and how many screening processes it ran
// in a row from its first one: the re-screens it took as a new leader.
std::pair<const candidate_record*, std::size_t> first_streak(const search_record& r, const std::string& variable,
                                                             const std::string& value) {
  for (const auto& c : r.candidates) {
    if (c.fate != candidate_fate::completed || rig::setting(c.settings, variable) != value) continue;
    std::size_t i = 0;
    while (r.runs[i].candidate != c.id) ++i;
    std::size_t n = 0;
    while (i + n < r.runs.size() && r.runs[i + n].candidate == c.id && r.runs[i + n].role == run_role::screen) ++n;
    return {&c, n};
  }
  return {nullptr, 0};
}

}  // namespace

TEST_CASE("misleading screening winner: a clear leader stops at two processes where the budget is short") {
  // 10 s screen about 90 of the 192 points: the budget is short of the space; 60 s screen them
  // all, and robustness is then worth more than the points re-screens cost.
  struct scenario {
    const char* what;
    double budget_s;
    double (*window_s)(const fake_settings&, int);
    std::size_t fftw_processes;  // 0: no FFTW leader in this program
    std::size_t passive_processes;
  };
  const scenario scenarios[] = {
      // The first leader (two FFTW threads) takes three: no point stood on three processes yet,
      // nothing to judge luck by. Passive waiting then leads it twofold, more than a 2% spread can
      // make up, and the second process is enough (it still catches a first one far off).
      {"short budget, two leaders", 10, two_leaders, 3, 2},
      {"budget for the space, two leaders", 60, two_leaders, 3, 3},
      // A twofold first leader still takes three: its own two processes are no measure of luck.
      {"short budget, one leader", 10, one_leader, 0, 3}};
  for (const auto& sc : scenarios) {
    const std::string what = sc.what;
    CAPTURE(what);
    rig t;
    t.options.budget_s = sc.budget_s;
    t.program.window_s = sc.window_s;
    const auto r = t.run();
    check_record_structure(r);
    const auto [passive, passive_streak] = first_streak(r, "OMP_WAIT_POLICY", "passive");
    REQUIRE(passive);
    CHECK(passive_streak == sc.passive_processes);
    if (sc.fftw_processes) {
      const auto [fftw, fftw_streak] = first_streak(r, "TUNE_KNOB_FFTW_THREADS", "2");
      REQUIRE(fftw);
      CHECK(fftw->id < passive->id);
      CHECK(fftw_streak == sc.fftw_processes);
      CHECK(rig::setting(r.selected, "TUNE_KNOB_FFTW_THREADS") == "2");
    }
    REQUIRE(r.status == search_status::improved);
    CHECK(rig::setting(r.selected, "OMP_WAIT_POLICY") == "passive");
  }
}
