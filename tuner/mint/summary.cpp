#include "mint/summary.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "stamp/describe.h"

namespace tune::mint {

std::string summary_lines(const stamp::scope_stamp& stamped, const sidecar::document* sidecar,
                          const std::map<std::string, std::string>& kept) {
  std::string out;
  for (const auto& [family, s] : stamped.seats) {
    out += fmt::format("  {:<24} {:<22} {:<26} {}\n", family, s.suffix, stamp::time_text(s.median_ns, s.rate),
                       stamp::why(s));
    if (const auto why = kept.find(family); why != kept.end())
      out += fmt::format("    kept from the sidecar as it was: {}\n", why->second);
    for (const auto& c : s.companions) out += fmt::format("    companion {:<14} {}\n", c.name, stamp::companion_why(c));
    if (!sidecar) continue;
    if (const auto* race = sidecar->race_of(family)) {
      // A grid that collapsed: rows that compiled to the same code, raced once per code.
      std::map<std::string, std::vector<std::string>> same;
      for (const auto& [suffix, row] : race->rows)
        if (row.same_code_as) same[*row.same_code_as].push_back(suffix);
      std::vector<std::string> groups;
      std::size_t duplicates = 0;
      // A searched space may collapse into hundreds of groups: the summary names a few, explain all.
      constexpr std::size_t named = 4;
      for (const auto& [raced, rows] : same) {
        if (groups.size() < named) groups.push_back(fmt::format("{} = {}", raced, fmt::join(rows, " = ")));
        duplicates += rows.size();
      }
      if (same.size() > named)
        groups.push_back(fmt::format("{} more groups (tune explain {})", same.size() - named, family));
      if (!groups.empty())
        out += fmt::format("    same code, raced once: {} ({} of {} rows)\n", fmt::join(groups, "; "), duplicates,
                           race->rows.size());
    }
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
