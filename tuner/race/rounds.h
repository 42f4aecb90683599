#pragma once
// How many paired rounds a race and its re-race run (docs/measurement.md rules 5 and 8 give minimums).
// The rounds a sign test needs to resolve a gain of twice the need grow with (spread / need)^2;
// the need itself rises with the noise floor once the floor passes min_margin, so the count
// grows up to that point and then stays put. On a quiet box the minimums suffice.
#include "race/protocol.h"

namespace tune::race {

struct round_plan {
  int final_rounds = 0;    // rule 5: at least protocol.final_rounds
  int validate_pairs = 0;  // rule 8: at least protocol.validate_rounds, a whole number of ABBA blocks
};

// `noise_floor_pct`: the largest probe spread so far (MAD, percent).
round_plan plan_rounds(const protocol& p, double noise_floor_pct);

}  // namespace tune::race
