#include "profile/adoption.h"

#include <fmt/format.h>

#include "box/requires.h"

namespace tune::profile {

std::optional<profile_seat> find_profile_seat(const family_decl& family, const std::vector<profile>& ladder,
                                              const box::feature_set& features, std::vector<std::string>* passed_over) {
  profile_seat seat;
  for (const auto& p : ladder) {
    const auto entry = p.kernels.find(family.name);
    if (entry == p.kernels.end()) {
      seat.steps.push_back(fmt::format("profile {}: no entry for this family", p.cls));
      continue;
    }
    if (entry->second == "reference") {
      seat.suffix = family.reference;
      seat.cls = p.cls;
      seat.forced_reference = true;
      seat.from = &p;
      seat.steps.push_back(fmt::format("profile {}: the entry is `reference`, which forces the reference row", p.cls));
      return seat;
    }
    const auto* row = family.row(entry->second);
    if (!row) {
      seat.steps.push_back(fmt::format("profile {}: entry '{}' is no row of the family", p.cls, entry->second));
      continue;
    }
    if (!row_runs(*row, features)) {
      seat.steps.push_back(fmt::format("profile {}: row {} cannot run here ({})", p.cls, entry->second,
                                       why_row_cannot_run(*row, features)));
      continue;
    }
    seat.suffix = entry->second;
    seat.cls = p.cls;
    seat.from = &p;
    seat.steps.push_back(fmt::format("profile {}: {} (runnable here)", p.cls, entry->second));
    return seat;
  }
  if (passed_over) *passed_over = std::move(seat.steps);
  return std::nullopt;
}

std::vector<std::string> unlocked_rows(const family_decl& family, const profile& p, const box::feature_set& features) {
  std::vector<std::string> out;
  for (const auto& row : family.rows)
    if (row_runs(row, features) && !box::holds(box::parse_requires(row.needs), p.features)) out.push_back(row.suffix);
  return out;
}

coverage cover(const manifest& m, const std::vector<profile>& ladder, const box::feature_set& features) {
  coverage out;
  for (const auto& family : m.families) {
    auto seat = find_profile_seat(family, ladder, features);
    if (!seat) {
      out.residue.push_back(family.name);
      out.why[family.name] = "no profile on the ladder has a seat runnable here";
      continue;
    }
    // An explicit `reference` is a decision, not a measurement a richer box could improve on.
    const auto unlocked =
        seat->forced_reference ? std::vector<std::string>{} : unlocked_rows(family, *seat->from, features);
    if (!unlocked.empty()) {
      out.residue.push_back(family.name);
      out.why[family.name] = fmt::format("this box unlocks row(s) {} that profile {}'s box could not run",
                                         fmt::join(unlocked, ", "), seat->cls);
      continue;
    }
    out.covered.emplace(family.name, std::move(*seat));
  }
  return out;
}

}  // namespace tune::profile
