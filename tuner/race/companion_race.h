#pragma once
// A companion's race (docs/design/kernels-and-isolation.md "Companions"): the family's grid timed through the
// companion's own symbols, right after the family, by the family's protocol (race_family). The
// family's seat is the companion's fallback and incumbent, so a row takes the companion's own
// seat only by winning from the family's row: the margin, the validation re-race and the closing
// floor apply as to a family. Otherwise the companion follows the family.
#include <optional>
#include <string>

#include "race/engine.h"
#include "race/windows.h"

namespace tune::race {

// Races `companion` of `family`, whose race gave `seated`. A companion that is untimed, whose
// family was not raced (budget), or whose own row at the family's seat is rejected is listed
// without timing and follows the family.
family_result race_companion(const family_input& family, const family_result& seated, const companion_input& companion,
                             window_runner& w, const protocol& p, double need, double noise_floor_pct,
                             const event_sink& events);

// The companion listed, not timed: the family's seat is its seat and its fallback; `why` is the note.
family_result follow_family(const family_result& seated, const companion_input& companion, verdict outcome,
                            const std::string& why);

// After the closing floor (which may have demoted `family`'s seat): a companion's win under
// `floor_pct` is demoted as a family's would be, and a companion that raced against a seat the
// family lost follows the family's seat now.
void settle_companions(family_result& family, double floor_pct);

// The companion's own seat: its winner when that is not the family's; nullopt: it follows the family.
std::optional<std::string> own_seat(const family_result& family, const family_result& companion);

}  // namespace tune::race
