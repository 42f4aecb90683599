#pragma once
// The bench's answer to `bench race`: the mint's decisions, each family's as the race table the
// tool copies into the sidecar (race/table.h), with its rows' hardware counts.
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/gate.h"
#include "harness/supervised_timer.h"
#include "race/result.h"
#include "race/table.h"

namespace tune::bench {

// One family's race table (docs/sidecar.md "Race tables"): rejected rows with the reason, failed rows with
// their last_fail_reason and, for rows that failed the correctness gate, their worst errors
// (`rows`: the gate's table of the family or companion, grid order).
race::race_table table_of(const race::family_result& result, const family_info& family,
                          const std::vector<row_gate>& rows);

// A family's companions in its race table: `companion_races` (companion -> its race table,
// rows gated against the reference row's companion, the gate's table of each) and `companions`
// (companion -> its own seat, only where its race seated a row other than the family's: what
// makes kernels.<companion> count).
void add_companions(race::race_table& table, const race::family_result& result, const family_info& family,
                    const family_gate& gate);

// The timed rows' hardware counts per call (`counters`), and each event some timed row has no
// count of, with why (`counters_unavailable`): not opened in the child, or opened but never run in
// that row's windows. `index` is what the timer knows the table's family or companion by.
void add_counters(race::race_table& table, const family_info& family, const supervised_timer& timer, std::size_t index);

// Rows of the same code as a raced row (same: duplicate -> representative, race/same_code.h), in
// the family's table and each companion's: `same_code_as` the representative, nothing timed.
void add_same_code(race::race_table& table, const std::map<std::string, std::string>& same);

}  // namespace tune::bench
