#include "race/rounds.h"

#include <algorithm>
#include <cmath>

namespace tune::race {

round_plan plan_rounds(const protocol& p, double noise_floor_pct) {
  const double relative = std::min(1.0, noise_floor_pct / (p.min_margin * 100));
  const int paired = static_cast<int>(std::ceil(p.noisy_rounds * relative * relative));
  round_plan out;
  // The screen's rounds are paired rounds of the race too.
  out.final_rounds = std::max(p.final_rounds, paired - p.screen_rounds);
  const int pairs = std::max(p.validate_rounds, paired);
  out.validate_pairs = (pairs + 1) / 2 * 2;
  return out;
}

}  // namespace tune::race
