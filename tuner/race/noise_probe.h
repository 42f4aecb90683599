#pragma once
// The noise probe (docs/measurement.md rule 9): the fixed kernel timed in the race's own windows, so
// its spread is the noise the race itself sees.
#include <string>

#include "race/engine.h"
#include "race/windows.h"

namespace tune::race {

// One probe point: `probe_windows` windows of the probe; spread as MAD% with cv% beside it.
probe_point probe_once(window_runner& w, const protocol& p, const std::string& label, const event_sink& events);

// A probe point as the mint judges it: above probe_settle it spins and probes once more
// (label + "-settled"); the last reading raises the noise floor and, above the ceiling, refuses
// the mint (unless noise_override, which only stamps it). Appends the readings to `mint`.
// Returns false when the mint must stop: `mint` then says noise_refused and why.
bool take_noise_probe(mint_result& mint, window_runner& w, const protocol& p, const std::string& label,
                      const event_sink& events);

}  // namespace tune::race
