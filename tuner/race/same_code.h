#pragma once
// De-duplication (docs/design/candidates.md "Rows of the same code"): rows of one family that
// compiled to the same code (one code identity, isolate/identity.h) are one candidate. The race
// times one of them, the code's representative; every other row of that code is listed in the
// race table as `same_code_as` the representative, whose result is its result.
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tune::race {

// Each row of `suffixes` (the rows the race may time, in declaration order) that is not its
// code's representative, mapped to the one that is. Rows without a code in `codes` stand alone.
// The representative is the first of the code's rows to be: the fallback (the race's baseline
// must be timed), the incumbent (a seat keeps its name when its code did not change, unless that
// is the fallback's code), the reference, then the first in declaration order.
std::map<std::string, std::string> same_code(const std::vector<std::string>& suffixes,
                                             const std::map<std::string, std::string>& codes,
                                             const std::string& fallback, const std::optional<std::string>& incumbent,
                                             const std::string& reference);

// "same code as <representative>": a duplicate's reason not to be timed, while the race runs.
std::string same_code_text(const std::string& representative);

}  // namespace tune::race
