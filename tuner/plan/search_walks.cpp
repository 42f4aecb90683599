#include "plan/searcher.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tune::plan::detail {

// A stage-1 walk along a thread axis stops after this many consecutive moves each no faster than
// the one before it: one is not enough, as a pool beside others is not always unimodal in its
// count (8 OpenMP threads slower than 16 and 2 faster, bench/plan/landscapes/device-16.json).
constexpr int walk_patience = 2;

void searcher::screen() {
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
    insure(insure_room);
    if (cancelled_) return;
  }
  insure(0);
  if (cancelled_) return;
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

// Stage 3 (enumeration.h sweep_stage); true when a swept point took the lead, false when the
// sweep ended: the space is covered, the search was cancelled, or only what the refinement and
// the decision at its fullest would spend is left (points it did not reach are not candidates).
bool searcher::sweep() {
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
}  // namespace tune::plan::detail
