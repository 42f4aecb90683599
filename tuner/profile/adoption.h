#pragma once
// What a box can take from the profiles on its ladder, and what it must still measure
// (docs/profiles-and-policy.md, the policy rail under `auto`).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "box/features.h"
#include "manifest/manifest.h"
#include "profile/format.h"

namespace tune::profile {

// A family's seat from the first profile on the ladder whose entry can run here.
struct profile_seat {
  std::string suffix;  // a row suffix, or the family's reference row for an explicit `reference`
  std::string cls;     // the profile's class
  bool forced_reference = false;
  std::vector<std::string> steps;  // each profile looked at, and why it was passed over
  const profile* from = nullptr;   // the profile that gave the seat (an element of the ladder passed in)
};

// Walks `ladder` in order. A profile without an entry for the family, or whose row is not a row
// of the family or cannot run on `features`, is passed over (the stamp order falls to the next
// source); an explicit `reference` entry forces the reference. nullopt when no profile gives a
// seat; `steps` of the result then lands in `passed_over`.
std::optional<profile_seat> find_profile_seat(const family_decl& family, const std::vector<profile>& ladder,
                                              const box::feature_set& features,
                                              std::vector<std::string>* passed_over = nullptr);

// The rows of `family` that run on `features` but did not on the profile's recorded features:
// seats this box unlocks, which the profile's box could never have measured.
std::vector<std::string> unlocked_rows(const family_decl& family, const profile& p, const box::feature_set& features);

// Why a profile's seat for `family` was raced under pools this box cannot stand for: the profile
// recorded other THREADS than the family declares now, or more threads (for THREADS all, more CPUs)
// than `cpus`, this allocation's CPUs (box::allocation_cpus). nullopt when the pools fit, when the
// profile predates THREADS, or without `cpus`.
std::optional<std::string> pools_mismatch(const family_decl& family, const profile& p, std::optional<int> cpus);

struct coverage {
  std::map<std::string, profile_seat> covered;  // family -> its profile seat
  std::vector<std::string> residue;             // families still to race, in declaration order
  std::map<std::string, std::string> why;       // residue family -> why it must be raced
  // The residue families a profile had a runnable seat for, which this box races instead, in
  // declaration order (their `why` says why): the mint's line names them.
  std::vector<std::string> declined;
  bool complete() const { return residue.empty(); }
};

// Per family: covered when a profile gives it a seat runnable here, this box unlocks no row that
// profile's box lacked, and its pools fit (pools_mismatch, with `cpus` the allocation's CPUs; a
// build for another class measures nothing here and passes none); else residue.
coverage cover(const manifest& m, const std::vector<profile>& ladder, const box::feature_set& features,
               std::optional<int> cpus = std::nullopt);

}  // namespace tune::profile
