#pragma once
// The candidate rows of a seat in a DISPATCH binary (tune/dispatch.h binds one at run time): the
// seat this build's mint measured, each committed profile's seat for it on every class of the
// table, the fallback chain and the reference, each with its requires= as feature masks. Which of
// them a CPU gets is decided at run time; which rows may be candidates is decided here, so that a
// row the build left out, or no row of the family, is never referenced.
#include <cstdint>
#include <string>
#include <vector>

#include "manifest/manifest.h"
#include "profile/format.h"
#include "sidecar/document.h"
#include "stamp/seat.h"

namespace tune::stamp {

struct dispatch_candidate {
  std::string source;  // "sidecar", "profile", "fallback" or "reference" (tune::detail::dispatch::from)
  std::string cls;     // the profile's class
  std::string suffix;
  std::vector<std::uint64_t> needs;  // AND of OR-masks over tune/detail/cpu.h's feature bits
  bool c_linkage = false;            // the row is C: its symbols are declared extern "C"
};

struct dispatch_table {
  std::vector<dispatch_candidate> candidates;
  // The minting box of the `sidecar` candidate: its CPU signature and features (as it measured).
  std::string minting_signature;
  std::uint64_t minting_features = 0;
};

// `chosen` is the seat the build stamped for `family` (resolve_seat), `sidecar` the fresh sidecar
// it came from (null otherwise), `profiles` every committed profile of the scope on the class table
// (profile::load_ladder over dispatch_classes()). With `force_reference` (TUNE_POLICY=reference)
// the reference is the only candidate.
// `arch` is the target's ("x86_64" or "aarch64"), whose feature bits the masks use.
dispatch_table dispatch_candidates(const family_decl& family, const seat& chosen, const sidecar::document* sidecar,
                                   const std::vector<profile::profile>& profiles, bool force_reference,
                                   const std::string& arch = "x86_64");

// Every class of `arch` in the table, highest first: the profiles a DISPATCH binary carries.
std::vector<std::string> dispatch_classes(const std::string& arch = "x86_64");

// `requires=` as masks of `arch`'s feature bits: each ','-group one mask of its '|'-alternatives (0
// for a group of features `arch` does not have). Throws std::invalid_argument for a malformed
// expression.
std::vector<std::uint64_t> requirement_masks(const std::string& needs, const std::string& arch = "x86_64");

}  // namespace tune::stamp
