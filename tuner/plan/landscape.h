#pragma once
// A modelled program for the many-core simulator (bench/plan/simulate.cpp): the window time and
// setup time of every point of a knob space, format tune-plan-landscape/1
// (docs/schemas/tune-plan-landscape-1.schema.json). The search runs on it through the same
// worker and clock seams as on a real program (plan/worker.h, plan/clock.h), so a machine with 2
// cores can tell how the search does on 16 or 64.
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "plan/clock.h"
#include "plan/search.h"
#include "plan/worker.h"

namespace tune::plan {

inline constexpr const char* landscape_format = "tune-plan-landscape/1";

struct landscape_point {
  std::map<std::string, std::string> knobs;  // knob → value ("unset": the variable is not set)
  double window_s = 0;
  double setup_s = 0;
};

// Slow phases of the whole machine (another tenant's load): the machine spends share_pct of its
// time in them, each about mean_s long, and a process that starts in one takes factor times as
// long in every window. Absent: no phases.
struct level_shifts {
  double share_pct = 0;
  double factor = 1;
  double mean_s = 1;
};

struct landscape {
  int cpus = 1;
  double noise_cv_pct = 0;
  level_shifts shifts;
  int windows_per_run = 1;
  double process_start_s = 0;
  std::map<std::string, std::vector<std::string>> knobs;  // built-in knob → its values
  std::map<std::string, std::string> baseline;
  std::map<std::string, landscape_point> points;  // by point_key
};

// Parses and checks a landscape; `source` names it in errors, which say what to fix.
landscape parse_landscape(const std::string& text, const std::string& source);
landscape read_landscape(const std::filesystem::path& path);

// "fftw_planner=measure;omp_threads=8;": a point's knobs in one comparable string.
std::string point_key(const std::map<std::string, std::string>& knobs);

// The search's knob space under a landscape: the file's knobs in built-in order, each with the
// baseline's value first.
knob_space landscape_space(const landscape& l);

// The environment the baseline runs with: every knob at its baseline value.
environment landscape_baseline_env(const landscape& l);

// The point an environment lands on (a variable not set reads "unset").
const landscape_point& landscape_point_of(const landscape& l, const environment& env);

// The fastest point: T* of q = T* / T(selected).
const landscape_point& best_point(const landscape& l);

class simulated_clock final : public clock_source {
 public:
  double now_s() override { return t; }
  double t = 0;
};

// An idle machine: the simulator measures the search, not the busy check.
class simulated_load final : public load_monitor {
 public:
  load_sample sample() override { return {0, 0.0}; }
  double loadavg1() override { return 0; }
};

// Runs a "process" of the landscape's program: it advances the clock by process_start_s +
// setup_s + the sum of windows_per_run windows, each the point's window_s with noise_cv_pct
// normal noise (and the level shift's factor when the process starts in a slow phase), and
// reports what the real runtime would (thread counts, knobs read, FFTW plans, wisdom, an output
// that every point reproduces).
class simulated_worker final : public worker {
 public:
  simulated_worker(const landscape& l, simulated_clock& clock, std::uint64_t seed);
  run_outcome run(const run_request& request) override;

 private:
  const landscape& land_;
  simulated_clock& clock_;
  std::uint64_t state_;
  bool slow_ = false;        // the machine is in a slow phase until phase_end_s_
  double phase_end_s_ = -1;  // before the first process: no phase drawn yet
  double normal();
  double uniform();
  bool slow_at(double t);
};

struct simulation {
  search_record record;
  const landscape_point* selected = nullptr;  // the point the search's plan applies
  double q = 0;                               // best_point's window_s / selected's
};

// One search on the landscape with this budget; deterministic given the seed.
simulation simulate_search(const landscape& l, double budget_s, std::uint64_t seed, double min_gain = 0.05);

// q over a number of searches, as tune-plan-simulate prints it and the tests hold it.
struct q_summary {
  double median = 0;
  double worst = 0;
  double mean = 0;
};
q_summary summarize_q(const std::vector<double>& qs);

}  // namespace tune::plan
