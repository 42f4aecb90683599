#include "race/budget.h"

#include <algorithm>

namespace tune::race {

double budget_estimate::window_s() const { return protocol_.window_ms / 1000 * (1 + protocol_.window_jitter); }

double budget_estimate::nominal_s(std::size_t runnable, const round_plan& rounds) const {
  const double rows = static_cast<double>(runnable);
  const double finalists = static_cast<double>(std::min<std::size_t>(runnable, protocol_.max_twins + 2));
  const double windows = 2 * rows + protocol_.screen_rounds * rows + rounds.final_rounds * finalists +
                         2.0 * rounds.validate_pairs * std::max(1, protocol_.validate_relocated);
  return windows * window_s();
}

double budget_estimate::family_s(std::size_t runnable, const round_plan& rounds) const {
  return nominal_s(runnable, rounds) * overrun_;
}

double budget_estimate::probe_s() const { return (protocol_.probe_windows + 2) * window_s(); }

void budget_estimate::record(std::size_t runnable, const round_plan& rounds, double seconds) {
  const double nominal = nominal_s(runnable, rounds);
  if (nominal > 0) overrun_ = std::max(overrun_, seconds / nominal);
}

}  // namespace tune::race
