#include "plan/searcher.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tune::plan::detail {

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

// Screens the best few again while the budget beyond the confirmation reserve allows; past
// refine_processes each, only while the decision at its fullest stays affordable as well.
void searcher::refine() {
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

// What refine() spends bringing the best few to refine_processes processes each.
double searcher::refine_need() const {
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
double searcher::full_decision_cost() const {
  const auto ranked = ranked_screened();
  const double cand = ranked.empty() ? screen_cost() : process_cost(ranked.front().id);
  return 2.0 * opt_.max_aa_pairs * run_cost() + 2.0 * opt_.max_pairs * (run_cost() + cand) + (uses_fftw_ ? cand : 0);
}
}  // namespace tune::plan::detail
