// The many-core simulator (plan/landscape.h): the real search on modelled programs, with a
// simulated clock, so its outcomes are a function of the landscape and the seed. Also what a
// many-core allocation changes outside the simulator: the thread axes and the busy check.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "plan/allocation.h"
#include "plan/landscape.h"

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

TEST_CASE("knobs: thread axes on a 16-CPU allocation offer 1, 2, 4, 8 and 16") {
  system_view view;
  for (int cpu = 0; cpu < 16; ++cpu) view.affinity.push_back(cpu);
  const allocation alloc = detect_allocation(view, {});
  REQUIRE(alloc.threads == 16);
  run_outcome baseline;
  baseline.facts = {{"openblas_threads", "16"}, {"omp_max_threads", "16"}};
  baseline.knobs_read = {{"fftw_threads", "1"}, {"fftw_planner", "estimate"}};
  const auto space = build_knob_space({}, {}, baseline, alloc.threads);
  for (const char* knob : {"openblas_threads", "omp_threads", "fftw_threads"}) {
    CAPTURE(knob);
    std::set<std::string> labels;
    for (const auto& axis : space.axes) {
      if (axis.knob == knob)
        for (const auto& v : axis.values) labels.insert(v.label);
    }
    CHECK(labels == std::set<std::string>{"1", "2", "4", "8", "16"});
  }
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
