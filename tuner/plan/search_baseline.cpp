#include "plan/searcher.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tune::plan::detail {

// Runs the baseline (normalized first when its resolved thread counts exceed the allocation).
// False when the search has already finished.
bool searcher::run_baseline() {
  rec_.base_env = opt_.caller_env;
  for (int attempt = 0; attempt < 2; ++attempt) {
    const auto& r = launch_baseline(run_role::baseline, remaining());
    if (r.outcome.status == run_outcome::state::timed_out && remaining() <= 0) {
      finish(search_status::budget_exhausted, "the baseline did not finish within the budget of " +
                                                  seconds(opt_.budget_s) + "; raise BUDGET or shorten the pilot ARGS");
      return false;
    }
    if (r.outcome.status != run_outcome::state::ok) {
      fail("the baseline failed (" + r.outcome.failure +
           "): there is nothing to compare candidates against; fix the program or its pilot ARGS");
    }
    const auto needed = normalizations_needed(r.outcome, opt_.alloc.threads);
    if (needed.empty() || attempt == 1) break;
    for (const auto& n : needed) {
      rec_.base_env[n.variable] = n.value;
      rec_.normalizations.push_back(n);
    }
    baseline_wall_s_ = 0;
    work_range_.clear();  // the normalized baseline is other settings than the first run's
    margin_ = cost_margin;
    if (remaining() < r.outcome.wall_s * margin_) {
      finish(search_status::budget_exhausted, "no budget left to re-run the baseline normalized to the allocation");
      return false;
    }
  }
  const auto& base = rec_.runs.back();
  if (opt_.alloc.memory_bytes && base.outcome.peak_rss_kb * 1024 > *opt_.alloc.memory_bytes) {
    fail("the baseline's peak RSS of " + std::to_string(base.outcome.peak_rss_kb / 1024) +
         " MiB exceeds the allocation's memory of " + std::to_string(*opt_.alloc.memory_bytes / (1024 * 1024)) +
         " MiB; raise MEMORY");
  }
  rec_.baseline = base.outcome;
  rec_.baseline_objective_s = base.objective_s;
  base_setup_s_ = base.outcome.setup_s;
  uses_fftw_ = !base.outcome.fftw_plans.empty();
  if (base.outcome.result) {
    oracle_ = *base.outcome.result;
    has_oracle_ = true;
    rec_.tol_used = opt_.tol.value_or(default_tolerance(base.outcome.result_type));
    rec_.oracle = "the baseline's output: " + std::to_string(oracle_.size()) + " " + base.outcome.result_type +
                  " values, compared with " + rec_.tol_used->text();
  } else {
    rec_.oracle = "none: the program publishes no output (tune::pilot::result), so candidates are not validated";
  }
  return true;
}

// The plan's settings when the baseline stands: every searched variable as the baseline had it.
assignment searcher::baseline_settings() const {
  assignment settings;
  for (const auto& axis : space_.axes) {
    for (const auto& value : axis.values) {
      for (const auto& [variable, unused] : value.env) settings[variable] = lookup(rec_.base_env, variable);
    }
  }
  for (const auto& n : rec_.normalizations) settings[n.variable] = n.value;
  return settings;
}

// A candidate's settings for the plan: its assignment over the baseline's.
assignment searcher::plan_settings(const assignment& candidate) const {
  assignment settings = baseline_settings();
  for (const auto& [variable, value] : candidate) settings[variable] = value;
  return settings;
}

// Judges one screening or confirmation run of a candidate; false when it cannot be promoted.
bool searcher::judge(candidate_record& c, const run_record& r) {
  const auto& out = r.outcome;
  if (out.status != run_outcome::state::ok) {
    c.fate = candidate_fate::failed;
    c.reason = out.status == run_outcome::state::timed_out && r.timeout_is_budget
                   ? "stopped at the budget's limit (" + out.failure + ")"
               : out.status == run_outcome::state::timed_out ? "hung: " + out.failure
                                                             : out.failure;
    return false;
  }
  if (opt_.alloc.memory_bytes && out.peak_rss_kb * 1024 > *opt_.alloc.memory_bytes) {
    c.fate = candidate_fate::refused;
    c.reason = "peak RSS " + std::to_string(out.peak_rss_kb / 1024) + " MiB exceeds the allocation's memory of " +
               std::to_string(*opt_.alloc.memory_bytes / (1024 * 1024)) + " MiB";
    return false;
  }
  if (has_oracle_) {
    if (!out.result) {
      c.fate = candidate_fate::invalid;
      c.reason = "published no output, the oracle has " + std::to_string(oracle_.size()) + " values";
      return false;
    }
    c.validation = compare_output(oracle_, *out.result, out.result_type, *rec_.tol_used);
    rec_.runs.back().validation = c.validation;
    if (!c.validation->within) {
      c.fate = candidate_fate::invalid;
      c.reason = c.validation->reason;
      return false;
    }
  }
  if (auto ignored = ignored_setting(c.settings, out)) {
    c.fate = candidate_fate::not_in_effect;
    c.reason = *ignored;
    return false;
  }
  return true;
}

// A setting the pilot reports was not in effect: such a candidate is never credited.
std::optional<std::string> searcher::ignored_setting(const assignment& settings, const run_outcome& out) const {
  struct observed {
    const char* variable;
    const std::map<std::string, std::string>* source;
    const char* key;
  };
  const observed checks[] = {{"OPENBLAS_NUM_THREADS", &out.facts, "openblas_threads"},
                             {"OMP_NUM_THREADS", &out.facts, "omp_max_threads"},
                             {"TUNE_KNOB_FFTW_THREADS", &out.knobs_read, "fftw_threads"},
                             {"TUNE_KNOB_FFTW_PLANNER", &out.knobs_read, "fftw_planner"}};
  for (const auto& check : checks) {
    const auto it = settings.find(check.variable);
    if (it == settings.end() || !it->second) continue;
    const auto seen = lookup(*check.source, check.key);
    if (!seen || *seen != *it->second) {
      return std::string("set ") + check.variable + "=" + *it->second + " but the pilot reported " + check.key + " " +
             (seen ? *seen : std::string("not at all")) + ": the setting was not in effect, so it cannot be credited";
    }
  }
  return std::nullopt;
}
}  // namespace tune::plan::detail
