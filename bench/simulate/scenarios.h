#pragma once
// The simulated machines and families of the quality run: one cell is a scenario (noise, drift,
// outliers) crossed with a family (identical rows, or a row with a planted gain), raced many
// times with independent seeds.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "race/protocol.h"

namespace tune::simulate {

struct scenario {
  std::string name;
  double cv = 0.03;         // lognormal window noise, rows and probe alike
  double drift = 0;         // amplitude of a slow level swing (0.2: +-20%)
  double outlier_rate = 0;  // share of windows hit by a 3x disturbance
};

const std::vector<scenario>& scenarios();
const std::vector<double>& planted_gains();  // 0.02 .. 0.20

// The simulated families: four rows (the fallback, two twins of it, and last a row `gain` faster;
// gain 0: four identical rows) for the rates, and twelve rows as a tuning grid has them (the
// real benchmark's mixed grid: twins, slower rows, a best row 25% faster with a near twin 2.5%
// behind it) for
// the time to mint.
enum class family_shape { four, twelve_mixed };

struct cell_result {
  std::size_t races = 0;
  std::size_t hits = 0;                   // false wins (gain 0) or recoveries (gain > 0)
  std::size_t would_refuse = 0;           // mints the noise ceiling would have refused (raced with the override)
  std::vector<double> needs;              // need_pct per race
  std::vector<double> mint_s;             // simulated seconds per mint
  std::map<std::string, double> phase_s;  // simulated seconds by phase, summed over the mints
  // Races whose planted gain is at least twice that mint's closing need (max(min_margin, final
  // noise floor)): the need is a per-mint quantity, so the goal is judged race by race.
  std::size_t qualifying = 0;
  std::size_t qualifying_hits = 0;
  std::map<std::string, std::size_t> misses;  // qualifying races that were not hits, by why
};

// Races `races` mints of one family. For `four`, a hit is a win by the planted row (gain > 0) or
// any win (gain 0); for `twelve_mixed`, a win by either of its two best rows (tied: 2.5% apart).
// Deterministic per seed.
cell_result run_cell(const scenario& s, family_shape shape, double gain, std::size_t races, const race::protocol& p,
                     std::uint64_t seed);

}  // namespace tune::simulate
