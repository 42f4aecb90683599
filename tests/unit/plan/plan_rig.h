#pragma once
// A search on a fake program: a fake clock, a fake load monitor and a fake worker whose
// "processes" cost what the test says, advance the fake clock by that much (or by their timeout),
// and report what the real runtime would (resolved thread counts, knobs read, output).
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "plan/search.h"

namespace tune::plan::testing {

class fake_clock final : public clock_source {
 public:
  double now_s() override { return t; }
  double t = 1000;
};

class fake_load final : public load_monitor {
 public:
  load_sample sample() override { return {busy * 2, busy}; }
  double loadavg1() override { return busy * 2; }
  double busy = 0.02;
};

// What a candidate's environment resolves to inside the fake program, as the real libraries would.
struct fake_settings {
  int openblas = 0;
  int omp = 0;
  int fftw = 1;
  std::string planner = "estimate";
  std::string wait = "unset";
  std::string bind = "unset";
  bool baseline_env = false;  // nothing set explicitly: the baseline's own environment
};

inline std::optional<std::string> env_value(const environment& env, const std::string& key) {
  const auto it = env.find(key);
  return it == env.end() ? std::nullopt : std::optional<std::string>(it->second);
}

struct fake_program {
  int default_threads = 2;  // what the libraries pick when nothing is set (the allocation)
  bool openblas = true;
  bool openmp = true;
  bool fftw = true;
  int windows = 6;
  double startup_s = 0.02;
  double setup_s = 0.03;
  std::function<long long(const fake_settings&)> rss_kb = [](const fake_settings&) { return 50'000LL; };
  bool wisdom_reproduces = true;  // a wisdom-only re-check makes every plan
  // What a wisdom-only re-check's plans differ in from the process that made the wisdom.
  std::function<void(fftw_plan_report&)> replay_differs = [](fftw_plan_report&) {};
  std::vector<double> output{1.0, 2.0, 3.0};

  // Per-window cost of a process with these settings; `run` counts processes from 1.
  std::function<double(const fake_settings&, int run)> window_s = [](const fake_settings&, int) { return 0.01; };
  // A process that fails: nullopt runs normally.
  std::function<std::optional<run_outcome::state>(const fake_settings&, int run)> fails =
      [](const fake_settings&, int) { return std::nullopt; };
  // Multiplies the output (1.0: the oracle's).
  std::function<double(const fake_settings&)> output_scale = [](const fake_settings&) { return 1.0; };

  fake_settings resolve(const environment& env) const {
    fake_settings s;
    const auto omp_env = env_value(env, "OMP_NUM_THREADS");
    s.omp = omp_env ? std::atoi(omp_env->c_str()) : default_threads;
    // OpenBLAS honours OMP_NUM_THREADS when its own variable is unset, as the real one does.
    const auto blas_env = env_value(env, "OPENBLAS_NUM_THREADS");
    s.openblas = blas_env ? std::atoi(blas_env->c_str()) : s.omp;
    s.fftw = std::atoi(env_value(env, "TUNE_KNOB_FFTW_THREADS").value_or("1").c_str());
    s.planner = env_value(env, "TUNE_KNOB_FFTW_PLANNER").value_or("estimate");
    s.wait = env_value(env, "OMP_WAIT_POLICY").value_or("unset");
    s.bind = env_value(env, "OMP_PROC_BIND").value_or("unset");
    s.baseline_env = !blas_env && !env_value(env, "TUNE_KNOB_FFTW_THREADS");
    return s;
  }
};

class fake_worker final : public worker {
 public:
  fake_worker(fake_program& program, fake_clock& clock) : program_(program), clock_(clock) {}

  run_outcome run(const run_request& request) override {
    ++runs;
    requests.push_back(request);
    if (request.timeout_s < -1e-9) throw std::logic_error("a run was started with a negative timeout");
    const fake_settings s = program_.resolve(request.env);
    run_outcome out;
    const double window = program_.window_s(s, runs);
    double wall = program_.startup_s + program_.setup_s + window * program_.windows;
    const auto failure = program_.fails(s, runs);
    if (failure == run_outcome::state::timed_out || wall > request.timeout_s) {
      // Killed at the timeout; a slow kill overshoots by kill_overshoot_s.
      clock_.t += request.timeout_s + kill_overshoot_s;
      out.status = run_outcome::state::timed_out;
      out.failure = "timed out";
      out.wall_s = request.timeout_s + kill_overshoot_s;
      return out;
    }
    clock_.t += wall;
    out.wall_s = wall;
    out.peak_rss_kb = program_.rss_kb(s);
    if (failure) {
      out.status = *failure;
      out.failure = *failure == run_outcome::state::crashed ? "killed by SIGSEGV" : "exit 3";
      return out;
    }
    out.pilot_reported = true;
    out.setup_s = program_.startup_s + program_.setup_s;
    for (int w = 0; w < program_.windows; ++w) out.windows_s.push_back(w == 0 ? 2 * window : window);
    std::vector<double> result;
    for (double x : program_.output) result.push_back(x * program_.output_scale(s));
    out.result = result;
    out.result_type = "f64";
    if (program_.openblas) {
      out.libraries["openblas"] = "/usr/lib/libopenblas.so.0";
      out.facts["openblas_threads"] = std::to_string(s.openblas);
      out.facts["openblas_config"] = "OpenBLAS fake";
    }
    if (program_.openmp) {
      out.libraries["gomp"] = "/usr/lib/libgomp.so.1";
      out.facts["omp_max_threads"] = std::to_string(s.omp);
    }
    if (program_.fftw) {
      out.libraries["fftw3"] = "/usr/lib/libfftw3.so.3";
      out.facts["fftw_version"] = "fftw-3.3.10-fake";
      out.knobs_read["fftw_threads"] = std::to_string(s.fftw);
      out.knobs_read["fftw_planner"] = s.planner;
      const bool made = !request.wisdom_only || program_.wisdom_reproduces;
      for (const char* name : {"forward", "backward"}) {
        fftw_plan_report p;
        p.name = name;
        p.made = made;
        p.plan = made ? std::string("(dft-") + name + "-" + s.planner + "-x" + std::to_string(s.fftw) + ")" : "";
        p.planner_threads = s.fftw;
        p.effort = s.planner;
        p.wisdom_only = request.wisdom_only;
        p.threads_ready = true;
        p.in_place = false;
        p.in_align = p.out_align = 0;
        if (made && request.wisdom_only) program_.replay_differs(p);
        out.fftw_plans.push_back(p);
      }
      if (request.export_wisdom) out.wisdom = "(fftw-wisdom " + s.planner + ")";
    }
    return out;
  }

  int runs = 0;
  std::vector<run_request> requests;
  double kill_overshoot_s = 0.0;

 private:
  fake_program& program_;
  fake_clock& clock_;
};

// Everything one search needs, with a two-CPU allocation and a generous budget.
struct rig {
  rig() : runner(program, clock) {
    options.argv = {"/opt/app", "--steps", "6"};
    options.alloc.cpus = {0, 1};
    options.alloc.threads = 2;
    options.budget_s = 30;
  }

  search_record run() {
    search_context context{runner, clock, load};
    context.cancel_requested = cancel;
    return run_search(options, context);
  }

  // The settings a candidate (or the plan) applied for one variable, "unset" when removed.
  static std::string setting(const assignment& a, const std::string& variable) {
    const auto it = a.find(variable);
    if (it == a.end()) return "absent";
    return it->second ? *it->second : "unset";
  }

  static const candidate_record& find(const search_record& r, const std::string& description) {
    for (const auto& c : r.candidates) {
      if (c.description == description) return c;
    }
    throw std::runtime_error("no candidate '" + description + "'");
  }

  // The true per-window cost of the settings a record selected.
  double true_cost(const search_record& r) const {
    environment env = options.caller_env;
    for (const auto& n : r.normalizations) env[n.variable] = n.value;
    for (const auto& [variable, value] : r.selected) {
      if (value) {
        env[variable] = *value;
      } else {
        env.erase(variable);
      }
    }
    return program.window_s(program.resolve(env), 0);
  }

  fake_program program;
  fake_clock clock;
  fake_load load;
  fake_worker runner;
  search_options options;
  std::function<bool()> cancel = [] { return false; };
};

}  // namespace tune::plan::testing
