// The many-core simulator (plan/landscape.h): the real search on modelled programs, with a
// simulated clock, so its outcomes are a function of the landscape and the seed. Also what a
// many-core allocation changes outside the simulator: the thread axes and the busy check.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "plan/allocation.h"
#include "plan/clock.h"
#include "plan/landscape.h"
#include "util/atomic_file.h"

using namespace tune::plan;

namespace {

using cost_fn = std::function<double(int omp, int fftw, const std::string& planner, const std::string& wait)>;

// An 8-CPU program over omp_threads, fftw_threads, fftw_planner and omp_wait_policy; FFTW_MEASURE
// plans for a second.
landscape eight_cpus(const cost_fn& window_s, double noise_cv_pct) {
  nlohmann::json points = nlohmann::json::array();
  for (int omp : {1, 2, 4, 8})
    for (int fftw : {1, 2, 4, 8})
      for (const char* planner : {"estimate", "measure"})
        for (const char* wait : {"unset", "passive"})
          points.push_back({{"knobs",
                             {{"omp_threads", std::to_string(omp)},
                              {"fftw_threads", std::to_string(fftw)},
                              {"fftw_planner", planner},
                              {"omp_wait_policy", wait}}},
                            {"window_s", window_s(omp, fftw, planner, wait)},
                            {"setup_s", std::string(planner) == "measure" ? 1.0 : 0.05}});
  const nlohmann::json doc = {
      {"format", "tune-plan-landscape/1"},
      {"cpus", 8},
      {"noise_cv_pct", noise_cv_pct},
      {"windows_per_run", 8},
      {"process_start_s", 0.05},
      {"knobs",
       {{"omp_threads", {"1", "2", "4", "8"}},
        {"fftw_threads", {"1", "2", "4", "8"}},
        {"fftw_planner", {"estimate", "measure"}},
        {"omp_wait_policy", {"unset", "passive"}}}},
      {"baseline",
       {{"omp_threads", "8"}, {"fftw_threads", "1"}, {"fftw_planner", "estimate"}, {"omp_wait_policy", "unset"}}},
      {"points", points}};
  return parse_landscape(doc.dump(), "test");
}

}  // namespace

TEST_CASE("simulator: the best point is a joint move of three knobs, found within 120 s") {
  // Alone, omp_threads=2, fftw_threads=4 and fftw_planner=measure each save 4%; together they
  // halve the window. The passive wait policy costs 1%.
  const auto l = eight_cpus(
      [](int omp, int fftw, const std::string& planner, const std::string& wait) {
        const bool a = omp == 2, b = fftw == 4, c = planner == "measure";
        return 0.05 * (a ? 0.96 : 1.0) * (b ? 0.96 : 1.0) * (c ? 0.96 : 1.0) * (a && b && c ? 0.55 : 1.0) *
               (wait == "passive" ? 1.01 : 1.0);
      },
      3.0);
  const auto& best = best_point(l);
  CHECK(point_key(best.knobs) == "fftw_planner=measure;fftw_threads=4;omp_threads=2;omp_wait_policy=unset;");
  for (std::uint64_t seed : {1, 2, 3}) {
    CAPTURE(seed);
    const auto s = simulate_search(l, 120, seed);
    CAPTURE(s.record.stop_reason);
    CHECK(s.record.status == search_status::improved);
    CHECK(s.q == doctest::Approx(1.0));
    CHECK(s.record.elapsed_s <= 120);
  }
}

TEST_CASE("simulator: a joint move every one-knob and two-knob move hides is reached by the sweep") {
  // omp_threads=2, fftw_threads=4 and the passive wait policy each cost 2% alone and any two of them
  // triple the time (the pools fight over the CPUs); all three together run in 40% of the time. The
  // walks and the neighbour stage see only losses around the baseline, so only the sweep of the
  // rest of the space (enumeration.h sweep_stage) reaches the best point. A process takes about
  // 0.13 s (plan-demo's took 0.07 s on 2 CPUs), so 120 s covers the space and the decision.
  const auto l = eight_cpus(
      [](int omp, int fftw, const std::string&, const std::string& wait) {
        const int moved = (omp == 2) + (fftw == 4) + (wait == "passive");
        return 0.01 * (moved == 1 ? 1.02 : moved == 2 ? 3.0 : moved == 3 ? 0.4 : 1.0);
      },
      3.0);
  CHECK(point_key(best_point(l).knobs).find("fftw_threads=4;omp_threads=2;omp_wait_policy=passive;") !=
        std::string::npos);
  for (std::uint64_t seed : {1, 2, 3}) {
    CAPTURE(seed);
    const auto s = simulate_search(l, 120, seed);
    CAPTURE(s.record.stop_reason);
    CHECK(s.record.status == search_status::improved);
    CHECK(s.q == doctest::Approx(1.0));
    CHECK(std::any_of(s.record.candidates.begin(), s.record.candidates.end(),
                      [](const candidate_record& c) { return c.stage == "sweep"; }));
    CHECK(s.record.elapsed_s <= 120);
  }
}

TEST_CASE("simulator: nothing beats the baseline by MIN_GAIN, and the search ends baseline") {
  // Every point within 2% of the baseline, at 3% window noise.
  const auto l = eight_cpus(
      [](int omp, int fftw, const std::string& planner, const std::string& wait) {
        return 0.05 * (1.0 - 0.005 * (omp % 3) - 0.004 * (fftw % 3) - (planner == "measure" ? 0.006 : 0) -
                       (wait == "passive" ? 0.003 : 0));
      },
      3.0);
  for (std::uint64_t seed : {1, 2, 3}) {
    CAPTURE(seed);
    const auto s = simulate_search(l, 120, seed);
    CHECK(s.record.status == search_status::baseline);
    CHECK_FALSE(s.record.winner);
  }
}

TEST_CASE("simulator: the same seed gives the same search") {
  const auto l = eight_cpus(
      [](int omp, int fftw, const std::string&, const std::string&) { return 0.01 * omp + 0.02 / fftw; }, 5.0);
  const auto a = simulate_search(l, 30, 7), b = simulate_search(l, 30, 7);
  REQUIRE(a.record.runs.size() == b.record.runs.size());
  for (std::size_t i = 0; i < a.record.runs.size(); ++i)
    CHECK(a.record.runs[i].outcome.windows_s == b.record.runs[i].outcome.windows_s);
  CHECK(a.q == b.q);
}

TEST_CASE("simulator: a landscape error names the field, the value and the fix") {
  const std::string text = R"({"format": "tune-plan-landscape/1", "cpus": 4, "noise_cv_pct": 1, "windows_per_run": 4,
    "process_start_s": 0.01, "knobs": {"omp_threads": ["1", "8"]}, "baseline": {"omp_threads": "1"}, "points": []})";
  CHECK_THROWS_WITH_AS(parse_landscape(text, "l.json"),
                       "landscape l.json: thread knob omp_threads has the value \"8\"; use thread counts from 1 to "
                       "cpus (4)",
                       std::runtime_error);
}

TEST_CASE("simulator: a key the format does not have is refused, not ignored") {
  // A misspelt optional field ("level_shift") would otherwise simulate a quiet machine.
  const std::string head = R"({"format": "tune-plan-landscape/1", "cpus": 4, "noise_cv_pct": 1, "windows_per_run": 4,
    "process_start_s": 0.01, "knobs": {"omp_threads": ["1", "4"]}, "baseline": {"omp_threads": "1"}, )";
  const std::string points = R"("points": [{"knobs": {"omp_threads": "1"}, "window_s": 0.01, "setup_s": 0},
               {"knobs": {"omp_threads": "4"}, "window_s": 0.005, "setup_s": 0}])";
  CHECK(parse_landscape(head + points + "}", "l.json").points.size() == 2);
  CHECK_THROWS_WITH_AS(
      parse_landscape(head + points + R"(, "level_shift": {"share_pct": 20, "factor": 1.5, "mean_s": 4}})", "l.json"),
      "landscape l.json: the file has \"level_shift\", which the format does not have; remove it or use one of "
      "format, cpus, noise_cv_pct, windows_per_run, process_start_s, level_shifts, knobs, baseline and points",
      std::runtime_error);
  CHECK_THROWS_WITH_AS(
      parse_landscape(head + R"("points": [{"knobs": {"omp_threads": "1"}, "window_s": 0.01, "setup_s": 0},
               {"knobs": {"omp_threads": "4"}, "window_s": 0.005, "setup": 0, "setup_s": 0}]})",
                      "l.json"),
      "landscape l.json: points[1] has \"setup\", which the format does not have; remove it or use one of "
      "knobs, window_s and setup_s",
      std::runtime_error);
}

namespace {

// q over searches 1..25 of a landscape of bench/plan/landscapes/, as tune-plan-simulate prints it.
q_summary shipped_q(const landscape& l, double budget_s) {
  std::vector<double> qs;
  for (std::uint64_t seed = 1; seed <= 25; ++seed) qs.push_back(simulate_search(l, budget_s, seed).q);
  return summarize_q(qs);
}

}  // namespace

TEST_CASE("simulator: the shipped landscapes keep the goals of docs/execution-plans.md") {
  // The table "q on these landscapes": at 30 s a median of at least 0.9 and a worst of at least
  // 0.8, at 120 s a median of at least 0.95 (and a worst no lower than 30 s's floor), on 8, 16
  // and 64 CPUs. A change to the search that loses them fails here, not in a benchmark nobody
  // reruns.
  for (const char* name : {"example-16", "device-16", "synthetic-8", "synthetic-64"}) {
    CAPTURE(name);
    const landscape l = read_landscape(std::string(TUNE_PLAN_LANDSCAPE_DIR) + "/" + name + ".json");
    const auto at30 = shipped_q(l, 30), at120 = shipped_q(l, 120);
    MESSAGE(std::string(name) << ": 30 s " << at30.median << " / " << at30.worst << ", 120 s " << at120.median << " / "
                              << at120.worst);
    CHECK(at30.median >= 0.9);
    CHECK(at30.worst >= 0.8);
    CHECK(at120.median >= 0.95);
    CHECK(at120.worst >= 0.8);
  }
}

TEST_CASE("simulator: level shifts slow whole processes for the share of the time they cover") {
  auto l = eight_cpus([](int, int, const std::string&, const std::string&) { return 0.01; }, 0.0);
  simulated_clock clock;
  run_request request;
  request.env = landscape_baseline_env(l);
  request.timeout_s = 100;
  SUBCASE("without level shifts, no process is slow") {
    simulated_worker worker(l, clock, 3);
    for (int i = 0; i < 200; ++i) {
      const auto out = worker.run(request);
      CHECK(*std::max_element(out.windows_s.begin(), out.windows_s.end()) == doctest::Approx(0.01));
    }
  }
  SUBCASE("a quarter of the time in phases of about a second, twice as slow") {
    l.shifts = {25.0, 2.0, 1.0};
    simulated_worker worker(l, clock, 3);
    int slow = 0;
    const int processes = 10000;  // 0.18 s each: 30 minutes, about 450 slow phases
    for (int i = 0; i < processes; ++i) {
      const auto out = worker.run(request);
      const bool shifted = out.windows_s.front() > 0.015;
      slow += shifted;
      for (double w : out.windows_s) CHECK(w == doctest::Approx(shifted ? 0.02 : 0.01));
    }
    // Only the windows slow down: a slow process takes 0.26 s against 0.18 s, so fewer start per
    // second of a slow phase: about 0.25/0.26 / (0.25/0.26 + 0.75/0.18), 19%, start in one.
    MESSAGE(slow << " of " << processes << " processes started in a slow phase");
    CHECK(slow > processes * 15 / 100);
    CHECK(slow < processes * 23 / 100);
  }
}

TEST_CASE("simulator: slow phases of the machine do not leave confirmations short of budget") {
  // omp_threads=2 with fftw_threads=4 halves the window; the machine spends 40% of its time in
  // slow phases of about 3 s in which every process takes 1.6 times as long. With costs priced at
  // a fixed 25% margin, 28 of 200 searches at 30 s ended budget_exhausted and kept the baseline,
  // most of them short of three complete confirmation pairs; priced with the spread seen between
  // processes of the same settings (search.cpp max_cost_margin), 9; 11 since a leader clear of
  // the runner-up stops at two screening processes (search.cpp clear_lead), which are fewer
  // chances to see the spread before the confirmation.
  auto l = eight_cpus(
      [](int omp, int fftw, const std::string&, const std::string&) {
        return omp == 2 && fftw == 4 ? 0.02 : 0.04 * (1.0 + 0.01 * omp + 0.01 * fftw);
      },
      3.0);
  l.shifts = {40.0, 1.6, 3.0};
  int exhausted = 0, found = 0;
  const int searches = 200;
  for (std::uint64_t seed = 1; seed <= searches; ++seed) {
    const auto s = simulate_search(l, 30, seed);
    exhausted += s.record.status == search_status::budget_exhausted;
    found += s.q > 0.9;
    CHECK(s.record.elapsed_s <= 30);
  }
  MESSAGE(exhausted << " of " << searches << " ended budget_exhausted, " << found << " found the best point");
  CHECK(exhausted <= 14);
}

TEST_CASE("simulator: a leader far ahead is confirmed early, so a slow phase at the end keeps it") {
  // The shipped landscapes with slow phases (bench/plan/landscapes/*-phases.json, issue 44). Before
  // searcher::insure, 11 and 12 of 100 searches at 30 s on 16 and 8 CPUs, and 3 of 60 at 120 s on
  // 64 CPUs (the costliest cell, so fewer seeds), ran out of budget before three complete
  // confirmation pairs and kept the baseline (q 0.19, 0.18, 0.15); a leader confirmed during the
  // one-knob walks leaves none.
  struct cell {
    const char* name;
    double budget;
    std::uint64_t seeds;
  };
  const cell cells[] = {
      {"device-16-phases", 30, 100}, {"synthetic-8-phases", 30, 100}, {"synthetic-64-phases", 120, 60}};
  for (const auto& cell : cells) {
    const char* name = cell.name;
    const double budget = cell.budget;
    CAPTURE(name);
    const landscape l = read_landscape(std::string(TUNE_PLAN_LANDSCAPE_DIR) + "/" + name + ".json");
    int exhausted = 0;
    for (std::uint64_t seed = 1; seed <= cell.seeds; ++seed) {
      const auto s = simulate_search(l, budget, seed);
      exhausted += s.record.status == search_status::budget_exhausted;
      CHECK(s.record.elapsed_s <= budget);
    }
    MESSAGE(std::string(name) << ": " << exhausted << " of " << cell.seeds << " ended budget_exhausted");
    CHECK(exhausted == 0);
  }
}

TEST_CASE("simulator: level shifts out of range are named with the fix") {
  const std::string head = R"({"format": "tune-plan-landscape/1", "cpus": 4, "noise_cv_pct": 1, "windows_per_run": 4,
    "process_start_s": 0.01, "knobs": {"omp_threads": ["1", "4"]}, "baseline": {"omp_threads": "1"},
    "points": [{"knobs": {"omp_threads": "1"}, "window_s": 0.01, "setup_s": 0},
               {"knobs": {"omp_threads": "4"}, "window_s": 0.005, "setup_s": 0}], )";
  CHECK(parse_landscape(head + R"("level_shifts": {"share_pct": 20, "factor": 1.5, "mean_s": 4}})", "l.json")
            .shifts.factor == doctest::Approx(1.5));
  CHECK_THROWS_WITH_AS(
      parse_landscape(head + R"("level_shifts": {"share_pct": 100, "factor": 1.5, "mean_s": 4}})", "l.json"),
      "landscape l.json: \"level_shifts\"'s \"share_pct\" is 100; the machine must spend some time outside slow "
      "phases: give less than 100",
      std::runtime_error);
  CHECK_THROWS_WITH_AS(parse_landscape(head + R"("level_shifts": true})", "l.json"),
                       "landscape l.json: \"level_shifts\" is true; write it as {\"share_pct\": <percent>, "
                       "\"factor\": <at least 1>, \"mean_s\": <seconds>}",
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(
      parse_landscape(head + R"("level_shifts": {"share_pct": 20, "factor": 1.5, "mean_s": 4, "mean": 4}})", "l.json"),
      "landscape l.json: \"level_shifts\" has \"mean\", which the format does not have; remove it or use one "
      "of share_pct, factor and mean_s",
      std::runtime_error);
  CHECK_THROWS_WITH_AS(
      parse_landscape(head + R"("level_shifts": {"share_pct": 20, "factor": 0.5, "mean_s": 4}})", "l.json"),
      "landscape l.json: \"level_shifts\"'s \"factor\" is 0.5; it must be a number of at least 1.0",
      std::runtime_error);
}

namespace {

// The values each thread knob offers on an allocation of `cpus` CPUs, found through the
// allocation seam as a search finds it.
void check_thread_axes(int cpus, const std::set<std::string>& expected) {
  system_view view;
  for (int cpu = 0; cpu < cpus; ++cpu) view.affinity.push_back(cpu);
  const allocation alloc = detect_allocation(view, {});
  REQUIRE(alloc.threads == cpus);
  run_outcome baseline;
  baseline.facts = {{"openblas_threads", std::to_string(cpus)}, {"omp_max_threads", std::to_string(cpus)}};
  baseline.knobs_read = {{"fftw_threads", "1"}, {"fftw_planner", "estimate"}};
  const auto space = build_knob_space({}, {}, baseline, alloc.threads);
  for (const char* knob : {"openblas_threads", "omp_threads", "fftw_threads"}) {
    CAPTURE(knob);
    std::set<std::string> labels;
    for (const auto& axis : space.axes) {
      if (axis.knob == knob)
        for (const auto& v : axis.values) labels.insert(v.label);
    }
    CHECK(labels == expected);
  }
}

}  // namespace

TEST_CASE("knobs: thread axes on a 16-CPU allocation offer 1, 2, 4, 8 and 16") {
  check_thread_axes(16, {"1", "2", "4", "8", "16"});
}

TEST_CASE("knobs: thread axes on a 12-CPU allocation offer the powers of two below it and 12") {
  check_thread_axes(12, {"1", "2", "4", "8", "12"});
}

namespace {

// /proc/stat of 16 CPUs with these user, system and idle jiffies on each (the other fields fixed;
// the aggregate "cpu" line, which the busy check does not read, zero).
struct cpu_jiffies {
  long user, system, idle;
};
std::string proc_stat(const std::function<cpu_jiffies(int cpu)>& jiffies) {
  std::string text = "cpu  0 0 0 0 0 0 0 0 0 0\n";
  for (int cpu = 0; cpu < 16; ++cpu) {
    const auto j = jiffies(cpu);
    text += "cpu" + std::to_string(cpu) + " " + std::to_string(j.user) + " 12 " + std::to_string(j.system) + " " +
            std::to_string(j.idle) + " 31 0 7 0 0 0\n";
  }
  return text + "intr 123456\nctxt 987654\nbtime 1764868000\n";
}

std::vector<int> sixteen() {
  std::vector<int> cpus;
  for (int cpu = 0; cpu < 16; ++cpu) cpus.push_back(cpu);
  return cpus;
}

}  // namespace

TEST_CASE("busy check: an idle 16-CPU VM with tickless CPUs is not busy") {
  // The pattern of the false refusals on an idle VM: over the sample only the CPU the search ran
  // on advanced (2 user and 1 system jiffy, 2 of them the search's own, and 8 idle); the tickless
  // idle CPUs' counters did not move. Busy over busy + idle read that as 3/11 = 27%.
  const std::string before = proc_stat([](int cpu) { return cpu_jiffies{4000L + cpu, 900, 150000}; });
  const std::string after = proc_stat([](int cpu) {
    return cpu == 0 ? cpu_jiffies{4002, 901, 150008} : cpu_jiffies{4000L + cpu, 900, 150000};
  });
  const double busy = other_busy_fraction(before, after, sixteen(), 1.0, 2, 100);
  CHECK(busy < search_options{}.busy_threshold);
  CHECK(busy == doctest::Approx(1.0 / 1600));
}

TEST_CASE("busy check: a compiler on 6 of 16 CPUs is busy") {
  const std::string before = proc_stat([](int cpu) { return cpu_jiffies{4000, 900, 150000L + cpu}; });
  const std::string after = proc_stat([](int cpu) {
    return cpu < 6 ? cpu_jiffies{4080, 920, 150000L + cpu} : cpu_jiffies{4000, 900, 150100L + cpu};
  });
  // 6 CPUs × (80 user + 20 system) jiffies over one second at 100 jiffies per second, less the
  // search's own jiffy.
  const double busy = other_busy_fraction(before, after, sixteen(), 1.0, 1, 100);
  CHECK(busy > search_options{}.busy_threshold);
  CHECK(busy == doctest::Approx(599.0 / 1600));
}

TEST_CASE("busy check: a counter that catches up more than the interval counts as the interval") {
  const std::string before = proc_stat([](int) { return cpu_jiffies{4000, 900, 150000}; });
  const std::string after = proc_stat([](int cpu) { return cpu_jiffies{cpu == 3 ? 4500L : 4000L, 900, 150000}; });
  // CPU 3 reports 500 busy jiffies in a 100-jiffy second: at most the whole second was busy.
  CHECK(other_busy_fraction(before, after, sixteen(), 1.0, 0, 100) == doctest::Approx(100.0 / 1600));
}

TEST_CASE("busy check: this process tree's own time is read past a command name with parentheses") {
  // /proc/<pid>/stat of a program named "tune (plan) x": utime 150, stime 50, and 300 and 100 of
  // reaped children; the fields before them include numbers that must not be counted.
  const std::string stat =
      "4242 (tune (plan) x) S 1 4242 4242 0 -1 4194560 9000 7 0 0 150 50 300 100 20 0 3 0 5425496 3133440 388";
  CHECK(tree_jiffies(stat) == 600);
  CHECK(tree_jiffies(stat + "\n") == 600);
  // Cut before the children's fields, or not a stat line at all: nothing to subtract.
  CHECK(tree_jiffies("4242 (tune (plan) x) S 1 4242 4242 0 -1 4194560 9000 7 0 0 150 50") == 0);
  CHECK(tree_jiffies("4242 (tune) S 1 4242 4242 0 -1 4194560 9000 7 0 0 150 50 x 100 20") == 0);
  CHECK(tree_jiffies("") == 0);
  // This process's own line parses: once it has spent CPU time, that time is read.
  REQUIRE(tune::util::read_file("/proc/self/stat"));
  const auto own = [] { return tree_jiffies(tune::util::read_file("/proc/self/stat").value_or("")); };
  volatile double sink = 0;
  const auto start = std::chrono::steady_clock::now();
  while (own() == 0 && std::chrono::steady_clock::now() - start < std::chrono::seconds(5)) {
    for (int i = 0; i < 1'000'000; ++i) sink = sink + i * 0.5;
  }
  CHECK(own() > 0);
}

TEST_CASE("simulator: budget left after the sweep tells near-equal leaders apart") {
  // Two points far ahead of the rest, 6% apart, at a noise where nine processes each often rank
  // them the wrong way round. A process takes about 0.1 s, so 120 s covers the space by a third
  // of the budget: what is left refines the leaders (search.cpp refine_processes_max) before the
  // decision, and the faster one is chosen in nearly every search.
  const auto l = eight_cpus(
      [](int omp, int fftw, const std::string& planner, const std::string& wait) {
        if (omp == 2 && fftw == 2 && planner == "estimate") return wait == "passive" ? 0.0050 : 0.0053;
        return 0.01 * (1.0 + 0.01 * omp + 0.01 * fftw);
      },
      25.0);
  int best = 0;
  const int searches = 200;
  for (std::uint64_t seed = 1; seed <= searches; ++seed) {
    const auto s = simulate_search(l, 120, seed);
    if (s.q == doctest::Approx(1.0)) ++best;
  }
  MESSAGE("the faster leader chosen in " << best << " of " << searches);
  CHECK(best >= 195);
}
