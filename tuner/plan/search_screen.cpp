#include "plan/searcher.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tune::plan::detail {

// Runs one screening candidate; false when screening must stop (budget or cancel).
bool searcher::screen_one(const proposal& p) {
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

// Judges a screening process; a completed one updates the candidate's screening objective,
// the median of its screening processes.
bool searcher::record_screening(int id, const run_record& r) {
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

std::vector<screened> searcher::ranked_screened() const {
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
std::pair<choice, double> searcher::incumbent() const {
  const auto ranked = ranked_screened();
  if (!ranked.empty() && ranked.front().objective_s < *rec_.baseline_objective_s)
    return {ranked.front().point, ranked.front().objective_s};
  return {choice(space_.axes.size(), 0), *rec_.baseline_objective_s};
}

// The screened candidate at `point` (0: none) and its screening objective.
int searcher::id_at(const choice& point) const {
  for (const auto& [id, p] : points_) {
    if (p == point) return id;
  }
  return 0;
}

std::optional<double> searcher::objective_at(const choice& point) const {
  const int id = id_at(point);
  return id ? rec_.candidates[static_cast<std::size_t>(id - 1)].objective_s : std::nullopt;
}

// Screens a batch in order; false when screening must stop, after recording the rest as not run.
bool searcher::screen_batch(const std::vector<proposal>& batch) {
  for (std::size_t i = 0; i < batch.size(); ++i) {
    if (!screen_one(batch[i])) {
      not_run(std::vector<proposal>(batch.begin() + static_cast<std::ptrdiff_t>(i) + 1, batch.end()));
      return false;
    }
  }
  return true;
}

// Records proposals screening stopped before (each once).
void searcher::not_run(const std::vector<proposal>& batch) {
  for (const auto& p : batch) {
    if (!proposed_.insert(p.point).second) continue;
    add_candidate(settings_of(space_, p.point), describe(space_, p.point), p.stage, p.origin).reason =
        cancelled_ ? "not run: the search was cancelled" : "not run: the budget ran out before it";
  }
}
}  // namespace tune::plan::detail
