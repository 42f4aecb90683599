#pragma once
// One family's race (docs/measurement.md rules 1-8): warm pass, screen, finalists, final, seat,
// validation re-race. The mint-level rules (probes, budget, closing floor, interrupt) live in
// engine.cpp.
#include <cstddef>

#include "race/engine.h"
#include "race/rounds.h"
#include "race/windows.h"

namespace tune::race {

// Races family `index` of the mint at the required gain `need` (a fraction: 0.03 is 3%). The
// final and the re-race run the rounds plan_rounds gives for the larger of the mint's noise floor
// and the spread the screen shows.
family_result race_family(std::size_t index, const family_input& family, window_runner& w, const protocol& p,
                          double need, double noise_floor_pct, const event_sink& events);

// The family as listed but not raced: rows (rejected ones with their reason), the fallback in
// the seat, outcome holds. race_family and the budget rule start from it.
family_result list_family(const family_input& family, double need);

// Rows that can be timed, grid order.
std::vector<std::size_t> runnable_rows(const family_input& family);

}  // namespace tune::race
