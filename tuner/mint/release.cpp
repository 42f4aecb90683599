#include "mint/release.h"

#include <fmt/format.h>

#include "race/table.h"

namespace tune::mint {

std::vector<std::string> release_gaps(const manifest& m, const nlohmann::json& sidecar, bool inherit) {
  std::vector<std::string> gaps;
  for (const auto& family : m.families) {
    const auto table = race::race_table_of(sidecar, family.name);
    const std::string verdict = table ? table->verdict : "";
    if (verdict == "budget")
      gaps.push_back(fmt::format("family {} kept its fallback because the BUDGET ran out", family.name));
    else if (!inherit && verdict == "adopted")
      gaps.push_back(fmt::format("family {} was adopted from profile {}, not measured here", family.name,
                                 table->profile.value_or("?")));
    else if (!inherit && !table)
      gaps.push_back(fmt::format("family {} has no race table: it was not measured here", family.name));
  }
  const auto provenance = sidecar.value("provenance", nlohmann::json::object());
  if (!inherit && (provenance.contains("applied_box") || provenance.value("origin", "") == "resolver"))
    gaps.push_back(fmt::format("the sidecar was measured on {} and applied here (TUNE_QUICK=ON inherits it)",
                               provenance.value("box", std::string("another box"))));
  return gaps;
}

}  // namespace tune::mint
