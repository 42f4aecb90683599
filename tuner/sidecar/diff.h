#pragma once
// What changed between two sidecars: the seats that moved (with their margins), the families whose
// race table is new or different (raced again), and the median shift in time per call over rows
// both measured. Printed after an upsert and by `tune history`, as text or JSON from one record.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sidecar/document.h"

namespace tune::sidecar {

// A family whose seat differs between the two documents; nullopt: no seat ("(none)").
struct seat_move {
  std::string family;
  std::optional<std::string> from, to;
  std::optional<double> from_margin_pct, to_margin_pct;  // each document's race table margin, when it has one
};

struct changes {
  std::vector<seat_move> moved;
  std::vector<std::string> raced;  // families whose race table is in `after` and new or different there
  // Rows both measured: same family and suffix, a median_ns in both, in a family whose race table
  // differs between the documents (an identical table is one measurement carried over by an upsert
  // of another scope, not a second one). The shift is the median of the per-row after/before ratios,
  // so one row that moved a lot does not read as a shift of the whole box.
  std::size_t rows_compared = 0;
  std::optional<double> median_shift_pct;  // nullopt when no row was measured by both
};

changes compare(const document& before, const document& after);
// The same over `scope`'s families alone (those its record lists in either document): one sidecar
// holds every scope, and another scope's mint in between is not this scope's change.
changes compare_scope(const document& before, const document& after, const std::string& scope);

// "dot: unroll4_base → unroll4_avx2 (margin 7.2%)": one move, as describe_changes and the report
// show it; a margin beside each seat whose race table has one.
std::string move_text(const seat_move& m);

// Example:
//   seats moved: 1
//     dot: unroll4_base → unroll4_avx2 (margin 7.2%)
//   median shift over 12 rows both mints measured: -1.3% (time per call, after vs before)
// A family without a seat reads "(none)"; a margin is shown when the race table has a number.
std::string describe_changes(const changes& c);
std::string describe_changes(const document& before, const document& after);

// {"moved": [{"family", "from", "to", "from_margin_pct", "to_margin_pct"}], "raced": [...],
//  "rows_compared", "median_shift_pct"}; absent values are null.
void to_json(nlohmann::json& out, const changes& c);

}  // namespace tune::sidecar
