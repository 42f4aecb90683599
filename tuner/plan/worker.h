#pragma once
// The search talks to candidate processes only through this interface: "run the program with
// this environment on these CPUs, at most this long, and tell me what happened". The real
// worker starts a fresh process (process_worker.h); tests use fake ones with known costs.
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tune::plan {

using environment = std::map<std::string, std::string>;

struct run_request {
  std::string label;                     // "baseline", "c3", "confirm c3 #2": for messages
  environment env;                       // the child's whole environment (before the pilot's own variables)
  std::vector<int> cpus;                 // affinity, set before the program's first instruction (empty: inherit)
  double timeout_s = 0;                  // killed and reaped after this long
  std::optional<std::string> wisdom_in;  // FFTW wisdom the run starts from (a private copy)
  bool export_wisdom = false;            // collect the wisdom the run ends with
  bool wisdom_only = false;              // plan with FFTW_WISDOM_ONLY (the fresh-process re-check)
};

// One FFTW plan a process reported (tune::fftw::planned): FFTW's wisdom key as the process had
// it and the plan FFTW printed. Fields a program's runtime did not report stay empty.
struct fftw_plan_report {
  std::string name;
  bool made = false;
  std::string plan;  // fftw_sprint_plan's text; empty when not made or not printed
  std::optional<int> planner_threads;
  std::string effort;  // estimate, measure, patient, exhaustive
  bool wisdom_only = false;
  bool threads_ready = false;  // fftw_init_threads ran before any import
  std::optional<bool> in_place;
  std::optional<int> in_align, out_align;  // addresses modulo 64
};

// Why `replayed` is not the plan `made` made: the first part of FFTW's wisdom key that differs
// (a replay under another key is a miss FFTW would not name), else the printed plans when they
// differ; nullopt when they agree. Parts either side did not report are not compared.
std::optional<std::string> replay_difference(const fftw_plan_report& made, const fftw_plan_report& replayed);

struct run_outcome {
  enum class state { ok, failed, crashed, timed_out };
  state status = state::ok;
  std::string failure;            // "exit 3", "killed by SIGSEGV", "timed out after ...", + stderr tail
  double wall_s = 0;              // start to reaped
  std::optional<double> setup_s;  // start to setup_done (or to the first window)
  std::vector<double> windows_s;  // in run order; the first is warm-up
  bool pilot_reported = false;    // false: the program reported nothing, timed as a whole
  std::optional<std::vector<double>> result;
  std::string result_type;  // "f64" / "f32"
  std::map<std::string, std::string> knobs_read;
  std::map<std::string, std::string> libraries;  // name → mapped path
  std::map<std::string, std::string> facts;      // fftw_version, openblas_config, openblas_threads, ...
  std::vector<fftw_plan_report> fftw_plans;
  std::optional<std::string> wisdom;  // exported wisdom (export_wisdom)
  long long peak_rss_kb = -1;
};

std::string to_string(run_outcome::state s);

class worker {
 public:
  virtual ~worker() = default;
  virtual run_outcome run(const run_request& request) = 0;
};

}  // namespace tune::plan
