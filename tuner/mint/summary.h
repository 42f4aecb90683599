#pragma once
// The mint's summary and the stamp's warnings, from the stamp (stamp/describe.h): what each family
// now runs, in the words its header, tune::status() and `tune status` use, its companions, and
// the rows its last race left out for failing.
#include <map>
#include <string>
#include <vector>

#include "sidecar/document.h"

#include "stamp/write.h"

namespace tune::mint {

// One line per family ("  dot   unroll4_avx2   41.3 ns, 3.10 GFLOP/s   sidecar, +7.2% over
// unroll4_base"; "-" for the time of a seat not measured here), one per
// companion under it, one naming the rows that compiled to the same code when any did, one per
// failed row ("    failed dot__x: crash: killed by SIGSEGV").
// `sidecar` is the document the mint wrote (for the failed rows); may be null. A family in `kept`
// (family -> why: not selected, mint/selection.h, or unchanged, mint/incremental.h) says it was
// not raced, and why.
std::string summary_lines(const stamp::scope_stamp& stamped, const sidecar::document* sidecar,
                          const std::map<std::string, std::string>& kept = {});

// One warning per problem a seat carries (a sidecar entry naming a row the family does not have,
// or one that cannot run here), naming the family, the problem and what it runs instead.
std::string problem_lines(const std::string& scope, const stamp::scope_stamp& stamped);

}  // namespace tune::mint
