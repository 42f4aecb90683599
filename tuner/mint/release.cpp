#include "mint/release.h"

#include <fmt/format.h>

namespace tune::mint {

std::vector<std::string> release_gaps(const manifest& m, const sidecar::document& sidecar, bool inherit) {
  std::vector<std::string> gaps;
  for (const auto& family : m.families) {
    const auto* table = sidecar.race_of(family.name);
    const auto outcome = table ? table->outcome() : std::nullopt;
    if (outcome == race::verdict::budget)
      gaps.push_back(fmt::format("family {} kept its fallback because the BUDGET ran out", family.name));
    else if (!inherit && outcome == race::verdict::adopted)
      gaps.push_back(fmt::format("family {} was adopted from profile {}, not measured here", family.name,
                                 table->profile.value_or("?")));
    else if (!inherit && !table)
      gaps.push_back(fmt::format("family {} has no race table: it was not measured here", family.name));
  }
  const auto& provenance = sidecar.provenance;
  if (!inherit && (provenance.applied_box || provenance.origin == "resolver"))
    gaps.push_back(fmt::format("the sidecar was measured on {} and applied here (TUNE_QUICK=ON inherits it)",
                               provenance.box.empty() ? std::string("another box") : provenance.box));
  return gaps;
}

}  // namespace tune::mint
