#pragma once
// Does a speed gap between byte-identical copies follow the code or the address, and does it
// last? Each trial picks a twin k at random and times four copies — copy 0 and copy k (the raced
// addresses) and their relocated copies (raced_copies and raced_copies + k) — once a round in a
// fresh random order, in three stretches: the race, the re-race right after it, and a late
// re-race after spinning `delay_s`. A gap between copy k and copy 0 in the race that a re-race
// still sees is what crowns a copy; the relocated pair shows whether it moves with the code.
#include <string>
#include <vector>

#include "kernels.h"

namespace tune::race_real {

struct gap_reading {
  double raced_pct = 0;      // median over the stretch's rounds of copy k / copy 0, - 1 (+: k slower)
  double relocated_pct = 0;  // the same for the relocated copies
  double mad_pct = 0;        // spread of the raced pair's per-round ratio
};

struct relocation_trial {
  std::size_t twin = 0;
  gap_reading race, again, late;  // the race, the re-race right after, the re-race after the delay
};

// Trials of `stretch_s`-long stretches for about `seconds`, windows of `window_ms`.
std::vector<relocation_trial> study_relocation(placement set, double seconds, double window_ms, double stretch_s,
                                               double delay_s);

// One CSV line per trial.
std::string relocation_csv(const std::vector<relocation_trial>& trials);

}  // namespace tune::race_real
