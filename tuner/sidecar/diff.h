#pragma once
// What changed between two sidecars, as lines for a build log: the seats that moved (with their
// margins) and the median shift in time per call over rows both measured. Printed after an
// upsert and by `tune history`.
#include <string>

#include "sidecar/document.h"

namespace tune::sidecar {

// Example:
//   seats moved: 1
//     dot: unroll4_base → unroll4_avx2 (margin 7.2%)
//   median shift over 12 rows both mints measured: -1.3% (time per call, after vs before)
// A family without a seat reads "(none)"; a margin is shown when the race table has a number.
// Rows both measured: same family and suffix, a median_ns in both, in a family whose race table
// differs between the documents (an identical table is one measurement carried over by an upsert
// of another scope, not a second one).
std::string describe_changes(const document& before, const document& after);

}  // namespace tune::sidecar
