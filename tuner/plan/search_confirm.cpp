#include "plan/searcher.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tune::plan::detail {

// One confirmation process of the baseline or a candidate; the objective when it counts.
// Nothing starts when the budget cannot cover its expected cost (the margin is what the
// reserve kept in hand for this phase): the sample is then missing.
std::optional<double> searcher::confirm_run(run_role role, int id, const environment& env, double cost) {
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
bool searcher::run_aa_pair() {
  const auto first = confirm_run(run_role::aa, 0, rec_.base_env, run_cost());
  if (!first) return false;
  const auto second = confirm_run(run_role::aa, 0, rec_.base_env, run_cost());
  if (!second) return false;
  rec_.aa_pairs.push_back({*first, *second});
  return true;
}

// Alternating pairs for one candidate while the budget allows, keeping `keep_s` free. The costs
// given were priced with the margin of the moment; they widen with it as the pairs run.
confirmation_record searcher::confirm_candidate(int id, double cand_cost_given, double keep_s_given) {
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
bool searcher::confirm_cached() {
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
bool searcher::settle_winner(int id) {
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
    const std::vector<fftw_plan_report> made = last->outcome.fftw_plans;  // `last` moves as runs are added
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
      // Each plan must come back as the plan the wisdom was made with: one replayed under another
      // key (threads, rigor, buffers) or as another plan is what the launch would run, untimed.
      for (std::size_t i = 0; i < r.outcome.fftw_plans.size() && problem.empty(); ++i) {
        const auto& p = r.outcome.fftw_plans[i];
        if (!p.made) {
          problem = "FFTW plan '" + p.name + "' was not reproduced";
        } else if (i < made.size() && made[i].name == p.name) {
          problem = replay_difference(made[i], p).value_or("");
        }
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
    const bool printed = std::all_of(r.outcome.fftw_plans.begin(), r.outcome.fftw_plans.end(),
                                     [](const fftw_plan_report& p) { return !p.plan.empty(); });
    rec_.wisdom_note =
        "re-checked under FFTW_WISDOM_ONLY in a fresh process: " + std::to_string(r.outcome.fftw_plans.size()) +
        " plans reproduced" + (printed ? ", each as FFTW printed it when the wisdom was made" : "");
  }
  rec_.winner = id;
  rec_.selected = plan_settings(candidate(id).settings);
  return true;
}

// The median per-window objective over all of a candidate's timed processes (screening and
// confirmation; the wisdom re-check runs under other rules).
double searcher::median_objective(int id) const {
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
std::optional<int> searcher::fastest_established() const {
  std::optional<int> best;
  for (const auto& conf : rec_.confirmations) {
    // One that failed a later process (a crash, output off the oracle) is no plan to apply.
    if (!conf.verdict.established ||
        rec_.candidates[static_cast<std::size_t>(conf.candidate - 1)].fate != candidate_fate::completed)
      continue;
    if (!best || median_objective(conf.candidate) < median_objective(*best)) best = conf.candidate;
  }
  return best;
}

// Why the winner was chosen over another established candidate, if there is one.
std::string searcher::runner_up_note(int winner) const {
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
double searcher::minimum_confirmation(int id) const {
  return (2 + min_pairs) * run_cost() + min_pairs * process_cost(id) + (uses_fftw_ ? process_cost(id) : 0);
}

// The best one or two that beat the baseline in screening and whose confirmation still fits:
// a late leader with a costly start-up must not crowd out a decision on the one before it.
// Fitting is judged on expected costs (without the margin the reserve was built with); a
// confirmation that then runs short ends with too few pairs, never past the budget.
// `shortfall` is what the first one that did not fit needed.
std::vector<int> searcher::contenders(std::optional<double>& shortfall) {
  std::vector<int> chosen;
  for (const auto& s : ranked_screened()) {
    if (s.objective_s >= *rec_.baseline_objective_s || chosen.size() == 2) break;
    if (confirmed(s.id)) {  // insure() confirmed it: nothing more to pay
      chosen.push_back(s.id);
      continue;
    }
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
search_record searcher::finish_without_contenders(const std::optional<double>& shortfall) {
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
bool searcher::settle_noise(int first_contender) {
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

bool searcher::confirmed(int id) const {
  return std::any_of(rec_.confirmations.begin(), rec_.confirmations.end(),
                     [&](const confirmation_record& c) { return c.candidate == id; });
}

// A leader at most insure_ratio of the baseline is confirmed with the minimum pairs during the
// one-knob walks, once the budget left after it holds the final reserve and `room` of the budget
// besides: a slow phase of the machine that later stretches the final confirmation past the budget
// then leaves an established candidate, not the baseline (docs/execution-plans.md, "Slow phases of
// the machine").
void searcher::insure(double room) {
  if (insured_ || cancelled_) return;
  const auto ranked = ranked_screened();
  if (ranked.empty() || ranked.front().objective_s > insure_ratio * *rec_.baseline_objective_s) return;
  const int id = ranked.front().id;
  if (remaining() < minimum_confirmation(id) + confirmation_reserve() + room * opt_.budget_s) return;
  insured_ = true;
  if (rec_.aa_pairs.empty() && !run_aa_pair()) return;
  auto conf = confirm_candidate(id, process_cost(id), remaining());
  candidate(id).reason = conf.verdict.reason;
  rec_.confirmations.push_back(std::move(conf));
}

search_record searcher::confirm() {
  std::optional<double> shortfall;
  const std::vector<int> chosen = contenders(shortfall);
  // Confirmations made before (insure(), a cached plan's re-confirmation) count only through a
  // contender or an established verdict: a cached plan that failed, or an insured leader that
  // failed since, leaves a search without contenders.
  if (chosen.empty() && !fastest_established()) return finish_without_contenders(shortfall);
  if (rec_.aa_pairs.empty() && !run_aa_pair()) {
    if (remaining() <= run_cost())
      return finish(search_status::budget_exhausted, "the budget ran out during the A/A pair");
    return finish(search_status::inconclusive, "the A/A pair failed: no noise estimate, no decision");
  }
  bool any_decided = false, any_promising = false;
  for (const auto& conf : rec_.confirmations) {
    any_decided = any_decided || conf.verdict.complete_pairs >= min_pairs;
    any_promising = any_promising || conf.verdict.median_gain > opt_.min_gain;
  }
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    const int id = chosen[i];
    if (confirmed(id)) continue;
    const double keep = i + 1 < chosen.size() && !confirmed(chosen[i + 1])
                            ? min_pairs * (run_cost() + process_cost(chosen[i + 1])) +
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
  if (!chosen.empty() && !settle_noise(chosen.front())) return finish(search_status::cancelled, cancel_reason());
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
    return finish(search_status::inconclusive,
                  "a candidate looked faster, but not beyond the noise: " + rec_.confirmations.front().verdict.reason);
  }
  return finish(search_status::baseline, "the baseline stands: " + rec_.confirmations.front().verdict.reason);
}
}  // namespace tune::plan::detail
