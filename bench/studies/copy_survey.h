#pragma once
// Does a byte-identical copy run at the speed of the others? Every copy of one set (the raced ones
// and the relocated placements') is timed once a round, in a fresh random order (as the race does),
// round after round, and each copy's median per-round ratio to copy 0 is reported beside its
// address within its page (modulo 64 it is its line offset): with the default 16-byte
// function alignment the hot loop of some copies straddles a 64-byte line and runs slower, a
// difference of address, not of code. The run is also cut into stretches about as long as a mint:
// a copy whose median ratio within a stretch is 3% or more off is one a mint of that length could
// crown (or lose) on a difference that is real while it lasts, yet not a property of the code. The
// same rounds dealt into groups of the same sizes at random give the share noise alone explains.
#include <string>
#include <vector>

#include "kernels.h"

namespace tune::race_real {

struct copy_reading {
  std::size_t copy = 0;
  unsigned offset = 0;            // function address modulo 4096
  double ratio_to_first_pct = 0;  // median over rounds of (time of copy / time of copy 0) - 1
  double mad_pct = 0;             // spread of that ratio
  double worst_stretch_pct = 0;   // the largest |median ratio - 1| of any stretch
  double stretches_off = 0;       // share of stretches whose |median ratio - 1| >= 3%
  double dealt_off = 0;           // the same share when the rounds are dealt into groups at random
};

struct copy_survey {
  std::size_t rounds = 0;
  std::size_t stretches = 0;  // stretches of at least 10 rounds
  double stretch_s = 0;
  std::vector<copy_reading> copies;
  // The raw rounds, for questions the table does not answer (how long a gap lasts): when each
  // round started, seconds from the first, and per copy its per-round ratio to copy 0.
  std::vector<double> round_at_s;
  std::vector<std::vector<double>> ratios;
};

// Runs for about `seconds` with windows of `window_ms`, judged also in stretches of `stretch_s`.
copy_survey survey_copies(placement set, double seconds, double window_ms, double stretch_s);

// One line per round: its start in seconds, then each copy's ratio to copy 0.
std::string survey_rounds_csv(const copy_survey& survey);

std::string render_survey(const copy_survey& survey, const std::string& command, const std::string& conditions);

}  // namespace tune::race_real
