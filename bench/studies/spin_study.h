#pragma once
// Whether the settling spin of rule 9 settles anything on this machine: a probe, then a busy
// spin of each candidate length (0 is a plain re-probe), then the probe again; the candidates
// take turns so all see the same machine. Before each trial the thread sleeps, so the first probe
// meets a core as cold as a freshly started bench meets it.
#include <string>
#include <vector>

#include "race/protocol.h"

namespace tune::race_real {

struct spin_reading {
  double spin_s = 0;
  std::size_t trials = 0;
  std::size_t noisy = 0;     // first probe above the settle threshold
  std::size_t settled = 0;   // of those, second probe at or below it
  double first_mad_pct = 0;  // medians over the trials
  double second_mad_pct = 0;
  double second_if_noisy_pct = 0;  // median second reading after a noisy first one
};

std::vector<spin_reading> study_spins(const std::vector<double>& spins_s, std::size_t trials, double sleep_s,
                                      const race::protocol& p);

std::string render_spins(const std::vector<spin_reading>& readings, const std::string& command,
                         const std::string& conditions, const race::protocol& p, double sleep_s);

}  // namespace tune::race_real
