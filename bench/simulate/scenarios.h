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
  double cv = 0.03;            // lognormal window noise, rows and probe alike
  double drift = 0;            // amplitude of a slow level swing (0.2: +-20%)
  double outlier_rate = 0;     // share of windows hit by a 3x disturbance
};

const std::vector<scenario>& scenarios();
const std::vector<double>& planted_gains();  // 0.02 .. 0.20

struct cell_result {
  std::size_t races = 0;
  std::size_t hits = 0;        // false wins (gain 0) or recoveries (gain > 0)
  std::size_t would_refuse = 0;  // mints the noise ceiling would have refused (raced with the override)
  std::vector<double> needs;   // need_pct per race
  double mint_s = 0;           // total simulated mint time
  // Races whose planted gain is at least twice that mint's closing need (max(min_margin, final
  // noise floor)): the need is a per-mint quantity, so the goal is judged race by race.
  std::size_t qualifying = 0;
  std::size_t qualifying_hits = 0;
  std::map<std::string, std::size_t> misses;  // qualifying races that were not hits, by why
};

// Races `races` mints of a family of four rows: the fallback, two rows like it, and last one row
// `gain` faster (gain 0: four identical rows, a hit is any win). Deterministic per seed.
cell_result run_cell(const scenario& s, double gain, std::size_t races, const race::protocol& p, std::uint64_t seed);

}  // namespace tune::simulate
