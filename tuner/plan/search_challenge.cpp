#include "plan/searcher.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tune::plan::detail {

// A new screening leader is re-screened until its objective is a median of this many processes
// (of two when it leads by more than luck could make up and the budget is short of the space:
// searcher::clear_lead).
constexpr std::size_t challenge_processes = 3;

// A candidate that takes the lead ahead of the baseline is screened again at once, until its
// objective is the median of challenge_processes processes: one lucky process must not steer
// the neighbour rounds and the choice of contenders (a median of two is their mean, which
// still carries half the luck). Where the budget cannot reach every point, a leader clear of
// the runner-up by more than luck could make up stops at two (clear_lead): its lead stands
// either way, and the second process still catches a first one far off.
void searcher::challenge_if_leader(int id) {
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
bool searcher::budget_short_of_space() {
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
bool searcher::clear_lead(const std::vector<screened>& ranked) const {
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
}  // namespace tune::plan::detail
