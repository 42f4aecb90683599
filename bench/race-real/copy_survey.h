#pragma once
// Does a byte-identical copy run at the speed of the others? Every copy of one set is timed in
// rotating order, round after round, and each copy's median per-round ratio to copy 0 is reported
// beside its address modulo 64: with the default 16-byte function alignment the hot loop of some
// copies straddles a 64-byte line and runs slower, a difference of address, not of code.
#include <string>
#include <vector>

#include "kernels.h"

namespace tune::race_real {

struct copy_reading {
  std::size_t copy = 0;
  unsigned offset = 0;           // function address modulo 64
  double ratio_to_first_pct = 0; // median over rounds of (time of copy / time of copy 0) - 1
  double mad_pct = 0;            // spread of that ratio
};

struct copy_survey {
  std::size_t rounds = 0;
  std::vector<copy_reading> copies;
};

// Runs for about `seconds` with windows of `window_ms`.
copy_survey survey_copies(placement set, double seconds, double window_ms);

std::string render_survey(const copy_survey& survey, const std::string& command, const std::string& conditions);

}  // namespace tune::race_real
