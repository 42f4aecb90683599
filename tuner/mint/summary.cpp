#include "mint/summary.h"

#include <algorithm>

#include <fmt/format.h>

#include "stamp/describe.h"

namespace tune::mint {

std::string summary_lines(const stamp::scope_stamp& stamped, const sidecar::document* sidecar,
                          const std::vector<std::string>& kept) {
  std::string out;
  for (const auto& [family, s] : stamped.seats) {
    out += fmt::format("  {:<24} {:<22} {:<26} {}\n", family, s.suffix, stamp::time_text(s.median_ns, s.rate),
                       stamp::why(s));
    if (std::find(kept.begin(), kept.end(), family) != kept.end())
      out += "    kept from the sidecar as it was: not selected by --only / TUNE_ONLY\n";
    for (const auto& c : s.companions) out += fmt::format("    companion {:<14} {}\n", c.name, stamp::companion_why(c));
    if (!sidecar) continue;
    for (const auto& [row, why] : sidecar::failed_rows(*sidecar, family))
      out += fmt::format("    failed {}: {}\n", row, why.summary());
  }
  return out;
}

std::string problem_lines(const std::string& scope, const stamp::scope_stamp& stamped) {
  std::string out;
  for (const auto& [family, s] : stamped.seats)
    for (const auto& problem : s.problems)
      out += fmt::format("warning: cmake-tune: scope {}, family {}: {}; it runs {} ({}).\n", scope, family, problem,
                         s.suffix, stamp::source_text(s));
  return out;
}

}  // namespace tune::mint
