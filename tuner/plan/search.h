#pragma once
// The execution-plan search: baseline first, oracle validation, one-knob then neighbour and
// joint moves, the paired decision with an A/A pair, all inside one wall-clock budget. Every
// process it starts and every candidate it proposes is recorded with its fate and the reason.
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "plan/allocation.h"
#include "plan/clock.h"
#include "plan/decision.h"
#include "plan/enumeration.h"
#include "plan/knobs.h"
#include "plan/validation.h"
#include "plan/worker.h"

namespace tune::plan {

enum class search_status { improved, baseline, inconclusive, machine_busy, budget_exhausted, cancelled };
std::string to_string(search_status s);

struct search_options {
  std::vector<std::string> argv;  // the program and its pilot arguments
  environment caller_env;         // the environment candidates start from
  allocation alloc;
  knob_request knobs;
  double budget_s = 30;
  double min_gain = 0.05;
  std::optional<tolerance> tol;               // nullopt: default_tolerance of the result's type
  std::optional<std::string> initial_wisdom;  // FFTW wisdom every candidate starts from (a copy)
  std::optional<assignment> cached;           // a cached plan's settings, re-confirmed first
  int max_pairs = 8;                          // confirmation pairs per candidate when budget allows
  int max_aa_pairs = 9;                       // A/A pairs when the A/A term alone blocks a decision
  double busy_threshold = 0.25;               // busy_fraction above which the host is busy
  std::optional<knob_space> space;            // the knobs to search; nullopt: from the baseline's report
};

// What the search runs on; tests pass fakes.
struct search_context {
  worker& runner;
  clock_source& clock;
  load_monitor& load;
  std::function<bool()> cancel_requested = [] { return false; };
  std::function<void(const std::string&)> progress = [](const std::string&) {};
};

// Why the search started a process: the baseline's own run, a screening run of a candidate, the
// A/A pair (baseline against itself), a confirmation pair, the winner's re-check.
enum class run_role { baseline, screen, aa, confirm, recheck };
const char* to_string(run_role r);

// What became of a candidate: never reached, skipped (its key already measured, or no budget),
// failed (crashed, hung), invalid (output off the oracle), refused (over the memory bound), not in
// effect (the program showed the knob did nothing), completed (screened).
enum class candidate_fate { proposed, skipped, failed, invalid, refused, not_in_effect, completed };
const char* to_string(candidate_fate f);

// One process the search started, in run order.
struct run_record {
  int seq = 0;
  run_role role = run_role::baseline;
  int candidate = 0;     // 0: the baseline
  double started_s = 0;  // since the search started
  double timeout_s = 0;
  bool timeout_is_budget = false;  // the timeout was what the budget had left, not the hang limit
  run_outcome outcome;
  std::optional<double> objective_s;  // per-window objective; nullopt when the run failed
  std::optional<deviation> validation;
};

struct candidate_record {
  int id = 0;
  std::string description;
  assignment settings;
  std::string stage;
  std::string origin;
  candidate_fate fate = candidate_fate::proposed;
  std::string reason;
  std::optional<double> objective_s;  // screening objective
  std::optional<double> setup_s;
  long long peak_rss_kb = -1;
  std::optional<deviation> validation;
};

struct confirmation_record {
  int candidate = 0;
  std::vector<pair_sample> pairs;
  std::vector<int> incomplete;  // seq of runs whose pair is missing a sample
  decision verdict;
};

struct search_record {
  search_options options;
  std::string enumeration = enumeration_version;
  load_sample load_before, load_after;
  std::vector<normalization> normalizations;
  environment base_env;  // caller env plus normalizations: what the baseline ran with
  std::vector<std::string> knob_notes;
  std::vector<std::string> axes;        // searched knobs
  std::optional<run_outcome> baseline;  // the baseline run the plan's facts come from
  std::optional<double> baseline_objective_s;
  std::optional<tolerance> tol_used;
  std::string oracle;  // "baseline output, N f64 values" or why there is none
  std::vector<run_record> runs;
  std::vector<candidate_record> candidates;
  std::vector<pair_sample> aa_pairs;  // baseline vs baseline; more than one only when needed
  std::vector<confirmation_record> confirmations;
  search_status status = search_status::baseline;
  std::string stop_reason;
  std::optional<int> winner;          // candidate id
  assignment selected;                // the settings the plan applies (winner's or baseline's)
  bool plan_written_allowed = false;  // a plan exists for this status (the baseline completed)
  std::optional<std::string> wisdom;  // the winner's FFTW wisdom, re-checked
  std::string wisdom_note;
  std::string cache_note;
  std::string error;  // set when the search failed (the baseline failed)
  double elapsed_s = 0;
  double overrun_s = 0;
};

// The baseline failed: there is nothing to compare against. Carries the record so far.
class baseline_failure : public std::runtime_error {
 public:
  baseline_failure(const std::string& message, search_record record)
      : std::runtime_error(message), record_(std::move(record)) {}
  const search_record& record() const { return record_; }

 private:
  search_record record_;
};

// Runs the whole search. Throws baseline_failure when the baseline fails, std::runtime_error for
// an environment that conflicts with the allocation.
search_record run_search(const search_options& options, search_context& context);

// Per-window objective of one run: the median window after the warm-up one; the only window
// when there is one; the whole process when the program reports none.
double run_objective(const run_outcome& outcome);

}  // namespace tune::plan
