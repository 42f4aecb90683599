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

namespace {

std::string threads_text(int threads) { return threads == 0 ? "THREADS all" : fmt::format("THREADS {}", threads); }

}  // namespace

std::optional<std::string> pools_mismatch(const family_decl& family, const profile& p, std::optional<int> cpus) {
  const auto recorded = p.threads.find(family.name);
  if (recorded == p.threads.end()) return std::nullopt;
  if (recorded->second != family.threads)
    return fmt::format("profile {} raced its seat with {}, and the family declares {}", p.cls,
                       threads_text(recorded->second), threads_text(family.threads));
  if (!cpus) return std::nullopt;
  if (recorded->second == 0) {
    const auto on = p.cpus.find(family.name);
    if (on == p.cpus.end())
      return fmt::format("profile {} raced its seat with THREADS all and records no CPU count for it", p.cls);
    if (on->second > *cpus)
      return fmt::format("profile {} raced its seat with THREADS all on {} CPUs, and this allocation has {}", p.cls,
                         on->second, *cpus);
    return std::nullopt;
  }
  // A fixed pool larger than the allocation oversubscribes it: the seat was measured on a box
  // whose threads each had a CPU, which this one cannot reproduce (docs/profiles-and-policy.md).
  if (recorded->second > *cpus)
    return fmt::format("profile {} raced its seat with THREADS {}, and this allocation has {} CPU(s)", p.cls,
                       recorded->second, *cpus);
  return std::nullopt;
}

coverage cover(const manifest& m, const std::vector<profile>& ladder, const box::feature_set& features,
               std::optional<int> cpus) {
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
      out.declined.push_back(family.name);
      out.why[family.name] = fmt::format("this box unlocks row(s) {} that profile {}'s box could not run",
                                         fmt::join(unlocked, ", "), seat->cls);
      continue;
    }
    if (const auto mismatch = seat->forced_reference ? std::nullopt : pools_mismatch(family, *seat->from, cpus)) {
      out.residue.push_back(family.name);
      out.declined.push_back(family.name);
      out.why[family.name] = *mismatch;
      continue;
    }
    out.covered.emplace(family.name, std::move(*seat));
  }
  return out;
}

}  // namespace tune::profile
