#pragma once
// What the real-machine benchmark keeps of each mint, and the markdown table it prints.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "families.h"
#include "race/protocol.h"
#include "race/result.h"

namespace tune::race_real {

struct mint_record {
  std::string label;
  std::size_t rows = 0;
  race::mint_status status = race::mint_status::ok;
  bool overridden = false;  // the ceiling would have refused it; TUNE_NOISE_OVERRIDE raced it
  bool planted = false;     // the job has a row whose win is a recovery
  bool won = false;         // a row other than the fallback holds the seat
  bool hit = false;         // the planted row holds it
  double need_pct = 0;
  double noise_floor_pct = 0;
  std::optional<double> gain_pct;  // the hit row's measured median gain over the fallback
  double mint_s = 0;               // the whole run_mint: probes, spins and the family's race
  std::map<std::string, double> phase_s;
};

// What the mint decided about `job`.
mint_record record_mint(const mint_job& job, const race::mint_result& m);

// One mint as a line of JSON: the job, the protocol arm it ran under, the status, the probes and,
// per family, the verdict, its note, margin, drift and every row's median, best and rounds.
std::string mint_line(const mint_job& job, const std::string& arm, const race::mint_result& m);

struct run_context {
  std::string command;     // the exact command line
  std::string conditions;  // what else the machine was doing, in words
  bool load = false;
  int load_cpu = -1;
  nlohmann::json before, after;  // measure::machine_state at the start and the end
  double wall_s = 0;
  std::vector<std::string> arms;  // the protocol arms every job ran under; empty: one protocol
};

// The table: per job, mints, refusals, wins with Clopper-Pearson 95% intervals, the time to mint
// (median and p90, per family and per row) and where it went by phase. `p` is the protocol the
// header describes (the first arm's).
std::string render(const std::vector<mint_record>& mints, const std::vector<std::string>& order,
                   const run_context& context, const race::protocol& p);

}  // namespace tune::race_real
