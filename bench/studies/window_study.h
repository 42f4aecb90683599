#pragma once
// How long a window should be on this machine: for each candidate length, interleaved with the
// others so all see the same machine, identical rows and a row doing 3% less work are timed in
// rotating order. What a paired race needs is how often a round ranks the faster row first:
// the pairs a sign test needs grow as 1 / (P - 1/2)^2, and each pair costs two windows.
#include <string>
#include <vector>

#include "kernels.h"

namespace tune::race_real {

struct window_reading {
  double window_ms = 0;
  std::size_t rounds = 0;
  double identical_ratio_pct = 0;      // median per-round ratio of two identical rows, minus 1
  double identical_ratio_mad_pct = 0;  // its spread
  double faster_ratio_pct = 0;         // median per-round ratio of the full row to the 3%-less row, minus 1
  double window_mad_pct = 0;           // spread of one row's windows
  double faster_first = 0;             // P(the 3%-less-work row is faster in a round)
  double pairs_needed = 0;             // sign test, one-sided 2.5%, power 95%, normal approximation
  double seconds_needed = 0;           // pairs_needed x two windows
};

// Runs for about `seconds` in total.
std::vector<window_reading> study_windows(const std::vector<double>& windows_ms, double seconds, placement set);

std::string render_study(const std::vector<window_reading>& readings, const std::string& command,
                         const std::string& conditions);

}  // namespace tune::race_real
