#include "plan/search.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>

namespace tune::plan {
namespace {

// A screening run longer than this multiple of the baseline (or the baseline plus the slack,
// whichever is longer) is a hang: killed, reaped and recorded, and the search goes on.
constexpr double hang_factor = 3.0;
constexpr double hang_slack_s = 2.0;
// Costs are estimated from the slowest baseline process, with this margin for spread, or with
// the spread seen between processes of the same settings when that is wider, up to
// max_cost_margin: a machine's slow phase (another tenant's load) lengthens every process that
// starts in it, and a reserve built with less runs out before the confirmation completes
// (docs/execution-plans.md, "Slow phases of the machine").
constexpr double cost_margin = 1.25;
constexpr double max_cost_margin = 2.0;
// Budget left after every proposal ran goes to screening the best few again, round by round,
// so one lucky or unlucky process decides less about which candidates reach confirmation. The
// leaders are often closer to each other than one process's spread, and a median of nine
// processes separates leaders that five do not (docs/execution-plans.md, "Recovered throughput").
constexpr std::size_t refine_top = 6;
constexpr std::size_t refine_processes = 9;
// Budget left beyond the decision at its fullest takes the refinement on to this many processes
// each: leaders closer than one process's spread are then told apart by their medians, not by
// which of them had the luckier nine. Two leaders 6% apart at 25% window noise: the faster is
// chosen in 174 of 200 simulated searches with nine, 185 with 25, 200 with 49 (the landscape of
// tests/unit/plan/unit-simulate.cpp, which holds at least 195); on two cores 40 more processes
// each cost about 12 s.
constexpr std::size_t refine_processes_max = 49;
// A new screening leader is re-screened until its objective is a median of this many processes
// (of two when it leads by more than luck could make up and the budget is short of the space:
// searcher::clear_lead).
constexpr std::size_t challenge_processes = 3;
// A stage-1 walk along a thread axis stops after this many consecutive moves each no faster than
// the one before it: one is not enough, as a pool beside others is not always unimodal in its
// count (8 OpenMP threads slower than 16 and 2 faster, bench/plan/landscapes/device-16.json).
constexpr int walk_patience = 2;

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", s);
  return text;
}

// A per-window objective: windows are often milliseconds long.
std::string per_window(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g ms", s * 1e3);
  return text;
}

class searcher {
 public:
  searcher(const search_options& options, search_context& context) : opt_(options), ctx_(context) {
    rec_.options = options;
  }

  search_record run() {
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
    space_ =
        opt_.space ? *opt_.space : build_knob_space(opt_.knobs, opt_.caller_env, *rec_.baseline, opt_.alloc.threads);
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

 private:
  const search_options& opt_;
  search_context& ctx_;
  search_record rec_;
  knob_space space_;
  double t0_ = 0;
  int next_seq_ = 1;
  bool cancelled_ = false;
  double baseline_wall_s_ = 0;  // slowest baseline process so far
  // Per settings (candidate id, 0: the baseline): the least and most work (the sum of pilot
  // windows) of a completed process, and the margin on costs they give. The wisdom re-check is
  // left out: it replays under FFTW_WISDOM_ONLY what the candidate's other processes planned.
  std::map<int, std::pair<double, double>> work_range_;
  double margin_ = cost_margin;
  std::vector<double> oracle_;
  bool has_oracle_ = false;
  bool uses_fftw_ = false;
  std::map<std::string, int> keys_;  // effective settings → candidate id (0: baseline)
  std::set<choice> proposed_;
  std::map<int, choice> points_;  // candidate id → point (screened candidates)
  // Stage-1 moves as one-knob moves from the baseline: each completed move's objective relative
  // to the point it moved from, applied to the baseline's (what neighbour_stage predicts from).
  std::vector<screened> singles_;
  std::vector<double> screen_walls_;
  std::map<int, std::vector<double>> screen_objectives_;  // candidate id → its screening processes
  std::map<int, std::string> wisdom_;                     // candidate id → the wisdom its first process exported
  std::optional<double> base_setup_s_;                    // the baseline's setup time

  double elapsed() { return ctx_.clock.now_s() - t0_; }
  double remaining() { return opt_.budget_s - elapsed(); }
  double run_cost() const { return baseline_wall_s_ * margin_; }
  // A process of candidate `id` as it runs next: its slowest so far, with the margin. Once it has
  // FFTW wisdom of its own, its processes start from that wisdom, and the planning beyond the
  // baseline's setup is not paid again (FFTW_MEASURE planning took 1.2-1.8 s of a 2 s process on
  // 16 CPUs, bench/plan/landscapes/make-landscapes.py).
  double process_cost(int id) const {
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
  std::optional<std::string> wisdom_for(int id) const {
    if (const auto own = wisdom_.find(id); own != wisdom_.end()) return own->second;
    const auto ranked = ranked_screened();
    if (!ranked.empty() && ranked.front().objective_s < *rec_.baseline_objective_s) {
      if (const auto leader = wisdom_.find(ranked.front().id); leader != wisdom_.end()) return leader->second;
    }
    return opt_.initial_wisdom;
  }
  // A screening process: as long as the median screened so far (the baseline's before any).
  double screen_cost() const { return screen_walls_.empty() ? run_cost() : median(screen_walls_) * margin_; }
  // The winner's wisdom re-check: one process of the candidate under FFTW_WISDOM_ONLY.
  double recheck_cost(int id) const { return uses_fftw_ ? process_cost(id) : 0; }
  // What must stay free for a decision: the A/A pair, the minimum pairs against the leading
  // contender, the wisdom re-check. The contender is priced at its own process time once one
  // exists, else at the median screening process; before the first screening nothing is known
  // about candidates, and pricing them like the baseline would let a slow baseline forbid the
  // very first look (the contender check in confirm() still refuses what cannot be afforded).
  double confirmation_reserve() const {
    const auto ranked = ranked_screened();
    const double cand = !ranked.empty()          ? process_cost(ranked.front().id)
                        : !screen_walls_.empty() ? screen_cost()
                                                 : 0.0;
    return (2 + min_pairs) * run_cost() + min_pairs * cand + (uses_fftw_ ? cand : 0);
  }

  std::string cancel_reason() const { return "cancelled through TUNE_CONTROL; completed evidence is kept"; }

  bool check_cancel() {
    if (!cancelled_ && ctx_.cancel_requested()) cancelled_ = true;
    return cancelled_;
  }

  void close_record() {
    rec_.load_after = {ctx_.load.loadavg1(), std::nullopt};
    rec_.elapsed_s = elapsed();
    rec_.overrun_s = std::max(0.0, rec_.elapsed_s - opt_.budget_s);
  }

  search_record finish(search_status status, std::string reason) {
    rec_.status = status;
    rec_.stop_reason = std::move(reason);
    if (status == search_status::cancelled || status == search_status::machine_busy) {
      rec_.plan_written_allowed = false;
    }
    close_record();
    return rec_;
  }

  [[noreturn]] void fail(const std::string& message) {
    rec_.error = message;
    rec_.plan_written_allowed = false;
    close_record();
    throw baseline_failure(message, rec_);
  }

  run_record& launch(run_role role, int candidate, const environment& env, double timeout_s,
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
  void note_work(int id, const run_outcome& outcome) {
    double work = 0;
    for (double w : outcome.windows_s) work += w;
    if (work <= 0) return;
    auto [it, first] = work_range_.try_emplace(id, work, work);
    if (first) return;
    it->second = {std::min(it->second.first, work), std::max(it->second.second, work)};
    margin_ = std::clamp(it->second.second / it->second.first, margin_, max_cost_margin);
  }

  run_record& launch_baseline(run_role role, double timeout_s) {
    auto& r = launch(role, 0, rec_.base_env, timeout_s, opt_.initial_wisdom, false);
    if (r.outcome.status == run_outcome::state::ok) baseline_wall_s_ = std::max(baseline_wall_s_, r.outcome.wall_s);
    return r;
  }

  // Runs the baseline (normalized first when its resolved thread counts exceed the allocation).
  // False when the search has already finished.
  bool run_baseline() {
    rec_.base_env = opt_.caller_env;
    for (int attempt = 0; attempt < 2; ++attempt) {
      const auto& r = launch_baseline(run_role::baseline, remaining());
      if (r.outcome.status == run_outcome::state::timed_out && remaining() <= 0) {
        finish(search_status::budget_exhausted, "the baseline did not finish within the budget of " +
                                                    seconds(opt_.budget_s) +
                                                    "; raise BUDGET or shorten the pilot ARGS");
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
  assignment baseline_settings() const {
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
  assignment plan_settings(const assignment& candidate) const {
    assignment settings = baseline_settings();
    for (const auto& [variable, value] : candidate) settings[variable] = value;
    return settings;
  }

  candidate_record& add_candidate(const assignment& settings, std::string description, std::string stage,
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

  candidate_record& candidate(int id) { return rec_.candidates[static_cast<std::size_t>(id - 1)]; }

  // Judges one screening or confirmation run of a candidate; false when it cannot be promoted.
  bool judge(candidate_record& c, const run_record& r) {
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
  std::optional<std::string> ignored_setting(const assignment& settings, const run_outcome& out) const {
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

  double hang_limit() const { return std::max(hang_factor * baseline_wall_s_, baseline_wall_s_ + hang_slack_s); }

  // Runs one screening candidate; false when screening must stop (budget or cancel).
  bool screen_one(const proposal& p) {
    if (!proposed_.insert(p.point).second) return true;  // proposed before: not a new candidate
    const assignment settings = settings_of(space_, p.point);
    auto& c = add_candidate(settings, describe(space_, p.point), p.stage, p.origin);
    const int id = c.id;
    const std::string key = effective_key(settings);
    if (const auto same = keys_.find(key); same != keys_.end()) {
      c.fate = candidate_fate::skipped;
      c.reason = "same effective settings as " + (same->second ? "c" + std::to_string(same->second) : "the baseline");
      return true;
    }
    keys_[key] = id;
    if (check_cancel()) {
      c.reason = "not run: the search was cancelled";
      return false;
    }
    const double window = remaining() - confirmation_reserve();
    if (window < screen_cost()) {
      c.reason = "not run: " + seconds(std::max(0.0, remaining())) + " left, " +
                 seconds(screen_cost() + confirmation_reserve()) + " needed with the confirmation reserve";
      return false;
    }
    const auto& r = launch(run_role::screen, id, with_settings(rec_.base_env, settings), std::min(hang_limit(), window),
                           wisdom_for(id), false);
    candidate(id).setup_s = r.outcome.setup_s;
    candidate(id).peak_rss_kb = r.outcome.peak_rss_kb;
    if (record_screening(id, r)) {
      points_[id] = p.point;
      challenge_if_leader(id);
    }
    return true;
  }

  // A candidate that takes the lead ahead of the baseline is screened again at once, until its
  // objective is the median of challenge_processes processes: one lucky process must not steer
  // the neighbour rounds and the choice of contenders (a median of two is their mean, which
  // still carries half the luck). Where the budget cannot reach every point, a leader clear of
  // the runner-up by more than luck could make up stops at two (clear_lead): its lead stands
  // either way, and the second process still catches a first one far off.
  void challenge_if_leader(int id) {
    while (screen_objectives_[id].size() < challenge_processes) {
      const auto ranked = ranked_screened();
      if (ranked.empty() || ranked.front().id != id) return;
      if (ranked.front().objective_s >= *rec_.baseline_objective_s) return;
      if (screen_objectives_[id].size() >= 2 && budget_short_of_space() && clear_lead(ranked)) return;
      const double window = remaining() - confirmation_reserve();
      if (window < process_cost(id) || check_cancel()) return;
      const auto& r = launch(run_role::screen, id, with_settings(rec_.base_env, candidate(id).settings),
                             std::min(hang_limit(), window), wisdom_for(id), false);
      if (!record_screening(id, r)) {
        points_.erase(id);
        return;
      }
    }
  }

  // True when the budget beyond the confirmation reserve cannot screen every point not yet
  // proposed once (before the refinement and a fuller decision take their share): re-screens then
  // cost points the search will not reach. On 2 CPUs a 30 s budget covers the example's 192
  // points; 30 s on 64 CPUs screens about 60 of 8232.
  bool budget_short_of_space() {
    double points = 1;
    for (const auto& axis : space_.axes) points *= static_cast<double>(axis.values.size());
    const double unproposed = points - static_cast<double>(proposed_.size());
    return (remaining() - confirmation_reserve()) / screen_cost() < unproposed;
  }

  // True when the leader is ahead of the runner-up (the baseline when none) by more than luck
  // could make up: by the square of the widest spread (slowest over fastest) seen between the
  // screening processes of one point, once some point stands on challenge_processes of them.
  // Where the budget is short of the space, such a leader stops at a median of two: on a 64-CPU
  // landscape the walks' leaders took a third of a 30 s budget in re-screens and the walks ended
  // before their best moves, while a single process left unchecked let one lucky draw steer the
  // walks at 15% window noise (docs/execution-plans.md, "Simulated many-core programs").
  bool clear_lead(const std::vector<screened>& ranked) const {
    double spread = 1;
    bool measured = false;
    for (const auto& [id, objectives] : screen_objectives_) {
      if (objectives.size() < 2) continue;
      const auto [low, high] = std::minmax_element(objectives.begin(), objectives.end());
      spread = std::max(spread, *high / *low);
      measured = measured || objectives.size() >= challenge_processes;
    }
    // The runner-up is what the search would move from without the leader: the baseline when no
    // other point beats it.
    const double next =
        std::min(ranked.size() > 1 ? ranked[1].objective_s : *rec_.baseline_objective_s, *rec_.baseline_objective_s);
    return measured && ranked.front().objective_s * spread * spread < next;
  }

  // Judges a screening process; a completed one updates the candidate's screening objective,
  // the median of its screening processes.
  bool record_screening(int id, const run_record& r) {
    screen_walls_.push_back(r.outcome.wall_s);
    auto& c = candidate(id);
    if (!judge(c, r)) return false;
    auto& objectives = screen_objectives_[id];
    objectives.push_back(*r.objective_s);
    if (r.outcome.wisdom && !r.outcome.wisdom->empty()) wisdom_.emplace(id, *r.outcome.wisdom);
    c.fate = candidate_fate::completed;
    c.objective_s = median(objectives);
    c.reason = "screened at " + per_window(*c.objective_s) + " per window" +
               (objectives.size() > 1 ? " (median of " + std::to_string(objectives.size()) + " processes)" : "");
    return true;
  }

  // Screens the best few again while the budget beyond the confirmation reserve allows; past
  // refine_processes each, only while the decision at its fullest stays affordable as well.
  void refine() {
    for (std::size_t round = 1; round < refine_processes_max; ++round) {
      const double keep =
          round < refine_processes ? confirmation_reserve() : std::max(confirmation_reserve(), full_decision_cost());
      const auto ranked = ranked_screened();
      for (std::size_t i = 0; i < ranked.size() && i < refine_top; ++i) {
        const int id = ranked[i].id;
        if (screen_objectives_[id].size() > round) continue;
        if (check_cancel()) return;
        const double window = remaining() - keep;
        if (window < screen_cost()) return;
        const auto& r = launch(run_role::screen, id, with_settings(rec_.base_env, candidate(id).settings),
                               std::min(hang_limit(), window), wisdom_for(id), false);
        if (!record_screening(id, r)) points_.erase(id);
      }
    }
  }

  std::vector<screened> ranked_screened() const {
    std::vector<screened> ranked;
    for (const auto& c : rec_.candidates) {
      if (c.fate == candidate_fate::completed && points_.count(c.id))
        ranked.push_back({points_.at(c.id), c.id, *c.objective_s});
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const screened& a, const screened& b) { return a.objective_s < b.objective_s; });
    return ranked;
  }

  // The point stage 1 moves from: the best screened point if it beats the baseline, else the
  // baseline; with its objective.
  std::pair<choice, double> incumbent() const {
    const auto ranked = ranked_screened();
    if (!ranked.empty() && ranked.front().objective_s < *rec_.baseline_objective_s)
      return {ranked.front().point, ranked.front().objective_s};
    return {choice(space_.axes.size(), 0), *rec_.baseline_objective_s};
  }

  // The screened candidate at `point` (0: none) and its screening objective.
  int id_at(const choice& point) const {
    for (const auto& [id, p] : points_) {
      if (p == point) return id;
    }
    return 0;
  }
  std::optional<double> objective_at(const choice& point) const {
    const int id = id_at(point);
    return id ? rec_.candidates[static_cast<std::size_t>(id - 1)].objective_s : std::nullopt;
  }

  // Screens a batch in order; false when screening must stop, after recording the rest as not run.
  bool screen_batch(const std::vector<proposal>& batch) {
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (!screen_one(batch[i])) {
        not_run(std::vector<proposal>(batch.begin() + static_cast<std::ptrdiff_t>(i) + 1, batch.end()));
        return false;
      }
    }
    return true;
  }

  // Records proposals screening stopped before (each once).
  void not_run(const std::vector<proposal>& batch) {
    for (const auto& p : batch) {
      if (!proposed_.insert(p.point).second) continue;
      add_candidate(settings_of(space_, p.point), describe(space_, p.point), p.stage, p.origin).reason =
          cancelled_ ? "not run: the search was cancelled" : "not run: the budget ran out before it";
    }
  }

  void screen() {
    // Stage 1, one axis at a time, each from the incumbent: the moves that paid off stay in place
    // while the next knob is tried. From the baseline alone, the one-knob moves of a 16-CPU
    // allocation take about 20 processes, most of a 30 s budget, and there the gains are joint
    // (docs/execution-plans.md, "Simulated many-core programs"). Axes with the fewest values
    // first: the choice knobs (planner, wait policy) cost one or two processes each and carried the
    // largest single gains on 16 CPUs, and every thread axis after them is tried beside them.
    std::vector<std::size_t> order(space_.axes.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
      return space_.axes[x].values.size() < space_.axes[y].values.size();
    });
    for (std::size_t i = 0; i < order.size(); ++i) {
      const std::size_t a = order[i];
      const auto [from, from_objective] = incumbent();
      for (const auto& walk : one_knob_walks(space_, from, a)) {
        double previous = from_objective;
        int worse = 0;  // consecutive moves no faster than the one before them
        for (std::size_t k = 0; k < walk.size(); ++k) {
          if (!screen_one(walk[k])) {
            for (std::size_t rest = i; rest < order.size(); ++rest) not_run(one_knob_moves(space_, from, order[rest]));
            return;
          }
          const auto objective = objective_at(walk[k].point);
          if (!objective) continue;  // failed, invalid, or the same settings as another point
          choice single(space_.axes.size(), 0);
          single[a] = walk[k].point[a];
          singles_.push_back({single, id_at(walk[k].point), *rec_.baseline_objective_s * *objective / from_objective});
          worse = *objective < previous ? 0 : worse + 1;
          previous = *objective;
          if (worse == walk_patience) break;
        }
      }
    }
    if (const auto serial = serial_point(space_, incumbent().first); serial && !screen_batch({*serial})) return;
    for (;;) {
      const auto batch = neighbour_stage(space_, ranked_screened(), singles_, *rec_.baseline_objective_s);
      const bool any_new =
          std::any_of(batch.begin(), batch.end(), [&](const proposal& p) { return !proposed_.count(p.point); });
      if (any_new) {
        if (!screen_batch(batch)) return;
        continue;
      }
      // Converged: the budget left beyond the decision and the refinement screens the rest of the
      // space, and a new leader opens its own neighbours.
      if (!sweep()) return refine();
    }
  }

  // What refine() spends bringing the best few to refine_processes processes each.
  double refine_need() const {
    std::size_t processes = 0;
    const auto ranked = ranked_screened();
    for (std::size_t i = 0; i < ranked.size() && i < refine_top; ++i) {
      const auto it = screen_objectives_.find(ranked[i].id);
      const std::size_t done = it == screen_objectives_.end() ? 0 : it->second.size();
      processes += refine_processes - std::min(refine_processes, done);
    }
    return static_cast<double>(processes) * screen_cost();
  }

  // What the decision at its fullest spends: every A/A pair it may add, and the most pairs for
  // two contenders at the leader's process cost, and the re-check.
  double full_decision_cost() const {
    const auto ranked = ranked_screened();
    const double cand = ranked.empty() ? screen_cost() : process_cost(ranked.front().id);
    return 2.0 * opt_.max_aa_pairs * run_cost() + 2.0 * opt_.max_pairs * (run_cost() + cand) + (uses_fftw_ ? cand : 0);
  }

  // Stage 3 (enumeration.h sweep_stage); true when a swept point took the lead, false when the
  // sweep ended: the space is covered, the search was cancelled, or only what the refinement and
  // the decision at its fullest would spend is left (points it did not reach are not candidates).
  bool sweep() {
    const auto ranked = ranked_screened();
    const int leader = ranked.empty() ? 0 : ranked.front().id;
    for (const auto& p : sweep_stage(space_, proposed_, singles_, *rec_.baseline_objective_s)) {
      const double keep = std::max(confirmation_reserve(), full_decision_cost()) + refine_need();
      if (remaining() - keep < screen_cost()) return false;
      if (!screen_one(p)) return false;
      const auto now = ranked_screened();
      if (!now.empty() && now.front().id != leader && now.front().objective_s < *rec_.baseline_objective_s) return true;
    }
    return false;
  }

  // One confirmation process of the baseline or a candidate; the objective when it counts.
  // Nothing starts when the budget cannot cover its expected cost (the margin is what the
  // reserve kept in hand for this phase): the sample is then missing.
  std::optional<double> confirm_run(run_role role, int id, const environment& env, double cost) {
    if (remaining() < cost / margin_) return std::nullopt;
    const double timeout = std::min(hang_limit(), remaining());
    if (id == 0) {
      const auto& r = launch_baseline(role, timeout);
      return r.objective_s;
    }
    const auto& r = launch(role, id, env, timeout, wisdom_for(id), false);
    auto& c = candidate(id);
    if (!judge(c, r)) {
      c.reason = "in confirmation: " + c.reason;
      return std::nullopt;
    }
    c.fate = candidate_fate::completed;
    return r.objective_s;
  }

  // One more A/A pair; false when it could not be completed.
  bool run_aa_pair() {
    const auto first = confirm_run(run_role::aa, 0, rec_.base_env, run_cost());
    if (!first) return false;
    const auto second = confirm_run(run_role::aa, 0, rec_.base_env, run_cost());
    if (!second) return false;
    rec_.aa_pairs.push_back({*first, *second});
    return true;
  }

  // Alternating pairs for one candidate while the budget allows, keeping `keep_s` free. The costs
  // given were priced with the margin of the moment; they widen with it as the pairs run.
  confirmation_record confirm_candidate(int id, double cand_cost_given, double keep_s_given) {
    confirmation_record conf;
    conf.candidate = id;
    const environment env = with_settings(rec_.base_env, candidate(id).settings);
    const double priced_with = margin_;
    for (int k = 0; static_cast<int>(conf.pairs.size()) < opt_.max_pairs; ++k) {
      const double cand_cost = cand_cost_given * margin_ / priced_with;
      const double keep_s = keep_s_given * margin_ / priced_with;
      const double pair_cost = run_cost() + cand_cost;
      // Pairs beyond the minimum keep room for what follows; the minimum is tried on expected costs.
      const bool minimum_met = static_cast<int>(conf.pairs.size()) >= min_pairs;
      if (minimum_met ? remaining() - pair_cost < keep_s
                      : remaining() - pair_cost / margin_ < recheck_cost(id) / margin_) {
        break;
      }
      if (check_cancel()) break;
      // Alternate the order (B C, C B, ...) so a steady drift favours neither side.
      const bool base_first = k % 2 == 0;
      std::optional<double> base, cand;
      const std::size_t runs_before = rec_.runs.size();
      if (base_first) {
        base = confirm_run(run_role::confirm, 0, rec_.base_env, run_cost());
        cand = confirm_run(run_role::confirm, id, env, cand_cost);
      } else {
        cand = confirm_run(run_role::confirm, id, env, cand_cost);
        base = confirm_run(run_role::confirm, 0, rec_.base_env, run_cost());
      }
      if (base && cand) {
        conf.pairs.push_back({*base, *cand});
      } else {
        for (std::size_t i = runs_before; i < rec_.runs.size(); ++i) conf.incomplete.push_back(rec_.runs[i].seq);
        if (rec_.runs.size() == runs_before || remaining() <= 0) break;  // the budget is spent
      }
      const auto fate = candidate(id).fate;
      if (fate != candidate_fate::completed) break;  // invalid or failed now: it cannot win
    }
    conf.verdict = decide(conf.pairs, rec_.aa_pairs, opt_.min_gain);
    if (candidate(id).fate != candidate_fate::completed) {
      conf.verdict.established = false;
      conf.verdict.reason = "no improvement established: " + candidate(id).reason;
    }
    return conf;
  }

  // A cached plan's settings are confirmed against this baseline before being trusted.
  bool confirm_cached() {
    auto& c = add_candidate(*opt_.cached, "the cached plan's settings", "cached", "plan cache");
    const int id = c.id;
    c.fate = candidate_fate::completed;
    keys_[effective_key(*opt_.cached)] = id;
    const double needed = confirmation_reserve();
    if (remaining() < needed) {
      c.fate = candidate_fate::skipped;
      c.reason = "not re-confirmed: " + seconds(remaining()) + " left, " + seconds(needed) + " needed";
      rec_.cache_note = "cached plan not re-confirmed: the budget is too small";
      return false;
    }
    if (check_cancel()) return false;
    if (rec_.aa_pairs.empty()) run_aa_pair();
    auto conf = confirm_candidate(id, run_cost(), recheck_cost(id));
    const bool won = conf.verdict.established;
    rec_.confirmations.push_back(conf);
    if (won && settle_winner(id)) {
      rec_.cache_note = "cached plan re-confirmed against this baseline";
      rec_.stop_reason = "the cached plan was re-confirmed: " + conf.verdict.reason;
      return true;
    }
    rec_.cache_note = "cached plan not re-confirmed (" + conf.verdict.reason + "); searching";
    if (candidate(id).fate == candidate_fate::completed) candidate(id).reason = conf.verdict.reason;
    return false;
  }

  // Makes `id` the winner after its FFTW wisdom reproduces every plan in a fresh process.
  bool settle_winner(int id) {
    const run_record* last = nullptr;
    for (const auto& r : rec_.runs) {
      if (r.candidate == id && r.outcome.status == run_outcome::state::ok) last = &r;
    }
    if (last && !last->outcome.fftw_plans.empty()) {
      if (!last->outcome.wisdom || last->outcome.wisdom->empty()) {
        rec_.wisdom_note = "c" + std::to_string(id) + " made FFTW plans but exported no wisdom";
        return false;
      }
      const std::string wisdom = *last->outcome.wisdom;
      if (remaining() < process_cost(id) / margin_) {
        rec_.wisdom_note = "c" + std::to_string(id) + "'s FFTW wisdom could not be re-checked: the budget is spent";
        return false;
      }
      const double timeout = std::min(hang_limit(), remaining());
      const auto& r =
          launch(run_role::recheck, id, with_settings(rec_.base_env, candidate(id).settings), timeout, wisdom, true);
      std::string problem;
      if (r.outcome.status != run_outcome::state::ok) {
        problem = r.outcome.failure;
      } else {
        for (const auto& p : r.outcome.fftw_plans) {
          if (!p.made) problem = "FFTW plan '" + p.name + "' was not reproduced";
        }
        if (problem.empty() && has_oracle_) {
          const auto d = r.outcome.result
                             ? compare_output(oracle_, *r.outcome.result, r.outcome.result_type, *rec_.tol_used)
                             : deviation{};
          if (!d.within) problem = r.outcome.result ? d.reason : "published no output";
        }
      }
      if (!problem.empty()) {
        rec_.wisdom_note = "c" + std::to_string(id) + "'s FFTW wisdom failed its fresh-process re-check: " + problem;
        return false;
      }
      rec_.wisdom = wisdom;
      rec_.wisdom_note =
          "re-checked under FFTW_WISDOM_ONLY in a fresh process: " + std::to_string(r.outcome.fftw_plans.size()) +
          " plans reproduced";
    }
    rec_.winner = id;
    rec_.selected = plan_settings(candidate(id).settings);
    return true;
  }

  // The median per-window objective over all of a candidate's timed processes (screening and
  // confirmation; the wisdom re-check runs under other rules).
  double median_objective(int id) const {
    std::vector<double> objectives;
    for (const auto& r : rec_.runs) {
      if (r.candidate == id && r.objective_s && r.role != run_role::recheck) objectives.push_back(*r.objective_s);
    }
    return median(objectives);
  }

  // Among the candidates whose improvement is established, the one with the lowest median over
  // all its processes. Each gain is relative to baseline processes of its own confirmation, and a
  // baseline that is the noisiest process of all (default thread pools oversubscribing the
  // allocation) can differ widely between two confirmations; the candidates' own processes are
  // far steadier, so they decide which established one is faster.
  std::optional<int> fastest_established() const {
    std::optional<int> best;
    for (const auto& conf : rec_.confirmations) {
      if (!conf.verdict.established) continue;
      if (!best || median_objective(conf.candidate) < median_objective(*best)) best = conf.candidate;
    }
    return best;
  }

  // Why the winner was chosen over another established candidate, if there is one.
  std::string runner_up_note(int winner) const {
    std::string note;
    for (const auto& conf : rec_.confirmations) {
      if (!conf.verdict.established || conf.candidate == winner) continue;
      note += "; c" + std::to_string(conf.candidate) + " was established too, but its median over its processes is " +
              per_window(median_objective(conf.candidate)) + " per window against " +
              per_window(median_objective(winner));
    }
    return note;
  }

  // The smallest confirmation that can decide for `id`: the A/A pair, the minimum pairs, the re-check.
  double minimum_confirmation(int id) const {
    return (2 + min_pairs) * run_cost() + min_pairs * process_cost(id) + (uses_fftw_ ? process_cost(id) : 0);
  }

  // The best one or two that beat the baseline in screening and whose confirmation still fits:
  // a late leader with a costly start-up must not crowd out a decision on the one before it.
  // Fitting is judged on expected costs (without the margin the reserve was built with); a
  // confirmation that then runs short ends with too few pairs, never past the budget.
  // `shortfall` is what the first one that did not fit needed.
  std::vector<int> contenders(std::optional<double>& shortfall) {
    std::vector<int> chosen;
    for (const auto& s : ranked_screened()) {
      if (s.objective_s >= *rec_.baseline_objective_s || chosen.size() == 2) break;
      if (minimum_confirmation(s.id) / margin_ > remaining()) {
        candidate(s.id).reason += "; not confirmed: its confirmation needs " + seconds(minimum_confirmation(s.id)) +
                                  ", " + seconds(std::max(0.0, remaining())) + " left";
        if (!shortfall) shortfall = minimum_confirmation(s.id);
        continue;
      }
      chosen.push_back(s.id);
    }
    return chosen;
  }

  // The end of a search with no contender: starved of budget, or the baseline stands.
  search_record finish_without_contenders(const std::optional<double>& shortfall) {
    const int screened_count = static_cast<int>(ranked_screened().size());
    const auto unscreened = std::count_if(rec_.candidates.begin(), rec_.candidates.end(),
                                          [](const candidate_record& c) { return c.fate == candidate_fate::proposed; });
    if (screened_count == 0 && unscreened > 0) {
      return finish(search_status::budget_exhausted, "the budget ran out before any candidate could be screened");
    }
    // Nothing screened beat the baseline, but the budget cut screening short: that is not
    // evidence that the baseline stands.
    if (unscreened > 0) {
      return finish(search_status::budget_exhausted,
                    "the budget ran out with " + std::to_string(unscreened) + " proposed candidates not screened; " +
                        "none of the " + std::to_string(screened_count) + " screened was faster than the baseline");
    }
    if (shortfall) {
      return finish(search_status::budget_exhausted, "the budget left " + seconds(std::max(0.0, remaining())) +
                                                         " for confirmation, " + seconds(*shortfall) + " needed");
    }
    return finish(search_status::baseline,
                  "no candidate screened faster than the baseline (" + std::to_string(screened_count) + " screened)");
  }

  // The A/A term alone blocked every verdict: while budget allows, more A/A pairs turn the
  // noise estimate from one sample into a median, and the verdicts are taken again. False when
  // the search was cancelled.
  bool settle_noise(int first_contender) {
    auto blocked = [&] {
      return std::any_of(rec_.confirmations.begin(), rec_.confirmations.end(), [&](const confirmation_record& c) {
        return candidate(c.candidate).fate == candidate_fate::completed && blocked_by_aa(c.verdict, opt_.min_gain);
      });
    };
    while (!fastest_established() && static_cast<int>(rec_.aa_pairs.size()) < opt_.max_aa_pairs && blocked() &&
           remaining() >= 2 * run_cost() + recheck_cost(first_contender)) {
      if (check_cancel()) return false;
      if (!run_aa_pair()) break;
      for (auto& conf : rec_.confirmations) {
        if (candidate(conf.candidate).fate != candidate_fate::completed) continue;
        conf.verdict = decide(conf.pairs, rec_.aa_pairs, opt_.min_gain);
        candidate(conf.candidate).reason = conf.verdict.reason;
      }
    }
    return true;
  }

  search_record confirm() {
    std::optional<double> shortfall;
    const std::vector<int> chosen = contenders(shortfall);
    if (chosen.empty()) return finish_without_contenders(shortfall);
    if (rec_.aa_pairs.empty() && !run_aa_pair()) {
      if (remaining() <= run_cost())
        return finish(search_status::budget_exhausted, "the budget ran out during the A/A pair");
      return finish(search_status::inconclusive, "the A/A pair failed: no noise estimate, no decision");
    }
    bool any_decided = false, any_promising = false;
    for (std::size_t i = 0; i < chosen.size(); ++i) {
      const int id = chosen[i];
      const double keep = i + 1 < chosen.size() ? min_pairs * (run_cost() + process_cost(chosen[i + 1])) +
                                                      std::max(recheck_cost(id), recheck_cost(chosen[i + 1]))
                                                : recheck_cost(id);
      if (i > 0 && remaining() < min_pairs * (run_cost() + process_cost(id)) + recheck_cost(id)) {
        candidate(id).reason += "; not confirmed: the budget was spent";
        break;
      }
      auto conf = confirm_candidate(id, process_cost(id), keep);
      any_decided = any_decided || conf.verdict.complete_pairs >= min_pairs;
      any_promising = any_promising || conf.verdict.median_gain > opt_.min_gain;
      candidate(id).reason = conf.verdict.reason;
      rec_.confirmations.push_back(std::move(conf));
      if (cancelled_) return finish(search_status::cancelled, cancel_reason());
    }
    if (!settle_noise(chosen.front())) return finish(search_status::cancelled, cancel_reason());
    if (const auto best = fastest_established()) {
      if (settle_winner(*best)) {
        return finish(search_status::improved, "c" + std::to_string(*best) + " " + candidate(*best).description + ": " +
                                                   candidate(*best).reason + runner_up_note(*best));
      }
      return finish(search_status::inconclusive, rec_.wisdom_note);
    }
    if (!any_decided) {
      return finish(search_status::budget_exhausted,
                    "the budget ran out before " + std::to_string(min_pairs) + " complete confirmation pairs");
    }
    if (any_promising) {
      return finish(search_status::inconclusive, "a candidate looked faster, but not beyond the noise: " +
                                                     rec_.confirmations.front().verdict.reason);
    }
    return finish(search_status::baseline, "the baseline stands: " + rec_.confirmations.front().verdict.reason);
  }
};

}  // namespace

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
  return searcher(options, context).run();
}

}  // namespace tune::plan
