#include "plan/search.h"

#include "plan/searcher.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tune::plan::detail {

search_record searcher::run() {
  t0_ = ctx_.clock.now_s();
  check_environment(opt_.caller_env, opt_.alloc.threads);
  rec_.load_before = ctx_.load.sample();
  if (rec_.load_before.busy_fraction.value_or(0) > opt_.busy_threshold) {
    return finish(search_status::machine_busy,
                  "the machine was busy before the search started: " +
                      std::to_string(static_cast<int>(*rec_.load_before.busy_fraction * 100)) +
                      "% of the allocation's CPU time went to other processes (limit " +
                      std::to_string(static_cast<int>(opt_.busy_threshold * 100)) + "%)");
  }
  if (ctx_.cancel_requested()) return finish(search_status::cancelled, "cancelled before the baseline");

  if (!run_baseline()) return rec_;
  space_ = opt_.space ? *opt_.space : build_knob_space(opt_.knobs, opt_.caller_env, *rec_.baseline, opt_.alloc.threads);
  rec_.knob_notes = space_.notes;
  for (const auto& axis : space_.axes) rec_.axes.push_back(axis.knob);
  rec_.plan_written_allowed = true;
  rec_.selected = baseline_settings();
  if (space_.axes.empty()) {
    return finish(search_status::baseline, "no knob applies to this program: nothing to search");
  }
  keys_[effective_key(settings_of(space_, choice(space_.axes.size(), 0)))] = 0;
  proposed_.insert(choice(space_.axes.size(), 0));  // the baseline is not a candidate of itself

  if (opt_.cached && confirm_cached()) return finish(search_status::improved, rec_.stop_reason);
  if (cancelled_) return finish(search_status::cancelled, cancel_reason());
  screen();
  if (cancelled_) return finish(search_status::cancelled, cancel_reason());
  return confirm();
}

// A process of candidate `id` as it runs next: its slowest so far, with the margin. Once it has
// FFTW wisdom of its own, its processes start from that wisdom, and the planning beyond the
// baseline's setup is not paid again (FFTW_MEASURE planning took 1.2-1.8 s of a 2 s process on
// 16 CPUs, bench/plan/landscapes/make-landscapes.py).
double searcher::process_cost(int id) const {
  const bool reuses = wisdom_.count(id) > 0;
  double wall = 0;
  for (const auto& r : rec_.runs) {
    if (r.candidate != id) continue;
    double w = r.outcome.wall_s;
    if (reuses && r.outcome.setup_s && base_setup_s_) w -= std::max(0.0, *r.outcome.setup_s - *base_setup_s_);
    wall = std::max(wall, w);
  }
  return wall * margin_;
}

// The wisdom a process of candidate `id` starts from: its own once it has some; for its first
// process, the leader's (the point most candidates move from, whose FFTW plans they share when
// they differ in other knobs: planning is then not paid again for every OpenBLAS or OpenMP
// count); else the initial wisdom. Every exported wisdom holds what its process started from.
std::optional<std::string> searcher::wisdom_for(int id) const {
  if (const auto own = wisdom_.find(id); own != wisdom_.end()) return own->second;
  const auto ranked = ranked_screened();
  if (!ranked.empty() && ranked.front().objective_s < *rec_.baseline_objective_s) {
    if (const auto leader = wisdom_.find(ranked.front().id); leader != wisdom_.end()) return leader->second;
  }
  return opt_.initial_wisdom;
}

// What must stay free for a decision: the A/A pair, the minimum pairs against the leading
// contender, the wisdom re-check. The contender is priced at its own process time once one
// exists, else at the median screening process; before the first screening nothing is known
// about candidates, and pricing them like the baseline would let a slow baseline forbid the
// very first look (the contender check in confirm() still refuses what cannot be afforded).
double searcher::confirmation_reserve() const {
  const auto ranked = ranked_screened();
  const double cand = !ranked.empty() ? process_cost(ranked.front().id) : !screen_walls_.empty() ? screen_cost() : 0.0;
  return (2 + min_pairs) * run_cost() + min_pairs * cand + (uses_fftw_ ? cand : 0);
}

bool searcher::check_cancel() {
  if (!cancelled_ && ctx_.cancel_requested()) cancelled_ = true;
  return cancelled_;
}

void searcher::close_record() {
  rec_.load_after = {ctx_.load.loadavg1(), std::nullopt};
  rec_.elapsed_s = elapsed();
  rec_.overrun_s = std::max(0.0, rec_.elapsed_s - opt_.budget_s);
}

search_record searcher::finish(search_status status, std::string reason) {
  rec_.status = status;
  rec_.stop_reason = std::move(reason);
  if (status == search_status::cancelled || status == search_status::machine_busy) {
    rec_.plan_written_allowed = false;
  }
  close_record();
  return rec_;
}

void searcher::fail(const std::string& message) {
  rec_.error = message;
  rec_.plan_written_allowed = false;
  close_record();
  throw baseline_failure(message, rec_);
}

run_record& searcher::launch(run_role role, int candidate, const environment& env, double timeout_s,
                             std::optional<std::string> wisdom_in, bool wisdom_only) {
  run_record r;
  r.seq = next_seq_++;
  r.role = role;
  r.candidate = candidate;
  r.started_s = elapsed();
  r.timeout_s = timeout_s;
  r.timeout_is_budget = baseline_wall_s_ > 0 && timeout_s < hang_limit() - 1e-9;
  run_request request;
  request.label = to_string(role) + (candidate ? " c" + std::to_string(candidate) : " baseline");
  request.env = env;
  request.cpus = opt_.alloc.cpus;
  request.timeout_s = timeout_s;
  request.wisdom_in = std::move(wisdom_in);
  request.export_wisdom = !wisdom_only;
  request.wisdom_only = wisdom_only;
  ctx_.progress(candidate ? request.label + " " + rec_.candidates[static_cast<std::size_t>(candidate - 1)].description
                          : request.label);
  r.outcome = ctx_.runner.run(request);
  if (r.outcome.status == run_outcome::state::ok) {
    r.objective_s = run_objective(r.outcome);
    if (!wisdom_only) note_work(candidate, r.outcome);
  }
  rec_.runs.push_back(std::move(r));
  return rec_.runs.back();
}

// Widens the margin on costs to the spread of work between processes of the same settings.
void searcher::note_work(int id, const run_outcome& outcome) {
  double work = 0;
  for (double w : outcome.windows_s) work += w;
  if (work <= 0) return;
  auto [it, first] = work_range_.try_emplace(id, work, work);
  if (first) return;
  it->second = {std::min(it->second.first, work), std::max(it->second.second, work)};
  margin_ = std::clamp(it->second.second / it->second.first, margin_, max_cost_margin);
}

run_record& searcher::launch_baseline(run_role role, double timeout_s) {
  auto& r = launch(role, 0, rec_.base_env, timeout_s, opt_.initial_wisdom, false);
  if (r.outcome.status == run_outcome::state::ok) baseline_wall_s_ = std::max(baseline_wall_s_, r.outcome.wall_s);
  return r;
}

candidate_record& searcher::add_candidate(const assignment& settings, std::string description, std::string stage,
                                          std::string origin) {
  candidate_record c;
  c.id = static_cast<int>(rec_.candidates.size()) + 1;
  c.settings = settings;
  c.description = std::move(description);
  c.stage = std::move(stage);
  c.origin = std::move(origin);
  rec_.candidates.push_back(std::move(c));
  return rec_.candidates.back();
}
}  // namespace tune::plan::detail

namespace tune::plan {

const char* to_string(run_role r) {
  switch (r) {
    case run_role::baseline:
      return "baseline";
    case run_role::screen:
      return "screen";
    case run_role::aa:
      return "aa";
    case run_role::confirm:
      return "confirm";
    case run_role::recheck:
      return "recheck";
  }
  return "unknown";
}

const char* to_string(candidate_fate f) {
  switch (f) {
    case candidate_fate::proposed:
      return "proposed";
    case candidate_fate::skipped:
      return "skipped";
    case candidate_fate::failed:
      return "failed";
    case candidate_fate::invalid:
      return "invalid";
    case candidate_fate::refused:
      return "refused";
    case candidate_fate::not_in_effect:
      return "not_in_effect";
    case candidate_fate::completed:
      return "completed";
  }
  return "unknown";
}

std::string to_string(search_status s) {
  switch (s) {
    case search_status::improved:
      return "improved";
    case search_status::baseline:
      return "baseline";
    case search_status::inconclusive:
      return "inconclusive";
    case search_status::machine_busy:
      return "machine_busy";
    case search_status::budget_exhausted:
      return "budget_exhausted";
    case search_status::cancelled:
      return "cancelled";
  }
  return "unknown";
}

std::string to_string(run_outcome::state s) {
  switch (s) {
    case run_outcome::state::ok:
      return "ok";
    case run_outcome::state::failed:
      return "failed";
    case run_outcome::state::crashed:
      return "crashed";
    case run_outcome::state::timed_out:
      return "timed_out";
  }
  return "unknown";
}

double run_objective(const run_outcome& outcome) {
  const auto& w = outcome.windows_s;
  if (w.empty()) return outcome.wall_s;
  if (w.size() == 1) return w.front();
  return median(std::vector<double>(w.begin() + 1, w.end()));
}

search_record run_search(const search_options& options, search_context& context) {
  return detail::searcher(options, context).run();
}

}  // namespace tune::plan
