#pragma once
// The engine behind run_search (search.h), one source file a stage; the rules each stage
// applies, with what justified them and their tests, are tabled in docs/execution-plans.md
// ("The rules of the search").
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "plan/search.h"

namespace tune::plan::detail {

// A screening run longer than this multiple of the baseline (or the baseline plus the slack,
// whichever is longer) is a hang: killed, reaped and recorded, and the search goes on.
inline constexpr double hang_factor = 3.0;
inline constexpr double hang_slack_s = 2.0;
// Costs are estimated from the slowest baseline process, with this margin for spread, or with
// the spread seen between processes of the same settings when that is wider, up to
// max_cost_margin: a machine's slow phase (another tenant's load) lengthens every process that
// starts in it, and a reserve built with less runs out before the confirmation completes
// (docs/execution-plans.md, "Slow phases of the machine").
inline constexpr double cost_margin = 1.25;
inline constexpr double max_cost_margin = 2.0;
// insure(): a leader at most this fraction of the baseline's objective is confirmed early, when
// the budget left after its confirmation still holds the final reserve and this share of the budget.
inline constexpr double insure_ratio = 0.5;
inline constexpr double insure_room = 0.25;

inline std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", s);
  return text;
}

// A per-window objective: windows are often milliseconds long.
inline std::string per_window(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g ms", s * 1e3);
  return text;
}

class searcher {
 public:
  searcher(const search_options& options, search_context& context) : opt_(options), ctx_(context) {
    rec_.options = options;
  }

  search_record run();

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
  bool insured_ = false;                                  // insure() has run its confirmation

  double elapsed() { return ctx_.clock.now_s() - t0_; }
  double remaining() { return opt_.budget_s - elapsed(); }
  double run_cost() const { return baseline_wall_s_ * margin_; }
  // A screening process: as long as the median screened so far (the baseline's before any).
  double screen_cost() const { return screen_walls_.empty() ? run_cost() : median(screen_walls_) * margin_; }
  // The winner's wisdom re-check: one process of the candidate under FFTW_WISDOM_ONLY.
  double recheck_cost(int id) const { return uses_fftw_ ? process_cost(id) : 0; }

  std::string cancel_reason() const { return "cancelled through TUNE_CONTROL; completed evidence is kept"; }

  candidate_record& candidate(int id) { return rec_.candidates[static_cast<std::size_t>(id - 1)]; }

  double hang_limit() const { return std::max(hang_factor * baseline_wall_s_, baseline_wall_s_ + hang_slack_s); }

  // search.cpp: starting processes, their costs, the record
  double process_cost(int id) const;
  std::optional<std::string> wisdom_for(int id) const;
  double confirmation_reserve() const;
  bool check_cancel();
  void close_record();
  search_record finish(search_status status, std::string reason);
  [[noreturn]] void fail(const std::string& message);
  run_record& launch(run_role role, int candidate, const environment& env, double timeout_s,
                     std::optional<std::string> wisdom_in, bool wisdom_only);
  void note_work(int id, const run_outcome& outcome);
  run_record& launch_baseline(run_role role, double timeout_s);
  candidate_record& add_candidate(const assignment& settings, std::string description, std::string stage,
                                  std::string origin);

  // search_baseline.cpp: the baseline, the oracle, judging a process
  bool run_baseline();
  assignment baseline_settings() const;
  assignment plan_settings(const assignment& candidate) const;
  bool judge(candidate_record& c, const run_record& r);
  std::optional<std::string> ignored_setting(const assignment& settings, const run_outcome& out) const;

  // search_screen.cpp: screening one candidate, the ranking
  bool screen_one(const proposal& p);
  bool record_screening(int id, const run_record& r);
  std::vector<screened> ranked_screened() const;
  std::pair<choice, double> incumbent() const;
  int id_at(const choice& point) const;
  std::optional<double> objective_at(const choice& point) const;
  bool screen_batch(const std::vector<proposal>& batch);
  void not_run(const std::vector<proposal>& batch);

  // search_challenge.cpp: a new leader screened again
  void challenge_if_leader(int id);
  bool budget_short_of_space();
  bool clear_lead(const std::vector<screened>& ranked) const;

  // search_walks.cpp: one-knob walks, neighbour rounds, the sweep
  void screen();
  bool sweep();

  // search_refine.cpp: the leaders screened again with budget left
  void refine();
  double refine_need() const;
  double full_decision_cost() const;

  // search_confirm.cpp: the A/A pairs, confirmation pairs, the winner
  std::optional<double> confirm_run(run_role role, int id, const environment& env, double cost);
  bool run_aa_pair();
  confirmation_record confirm_candidate(int id, double cand_cost_given, double keep_s_given);
  bool confirm_cached();
  bool settle_winner(int id);
  double median_objective(int id) const;
  std::optional<int> fastest_established() const;
  std::string runner_up_note(int winner) const;
  double minimum_confirmation(int id) const;
  std::vector<int> contenders(std::optional<double>& shortfall);
  search_record finish_without_contenders(const std::optional<double>& shortfall);
  bool settle_noise(int first_contender);
  search_record confirm();
  void insure(double room);
  bool confirmed(int id) const;
};

}  // namespace tune::plan::detail
