#pragma once
// Which row a family gets — the stamp order (docs/profiles-and-policy.md "Which row a family gets"):
// the fresh sidecar's entry, else the first profile on the ladder with a runnable entry, else the
// fallback chain's first runnable row, else the reference. "Runnable" is judged on every seat.
// Every step is recorded so `tune explain` can show why.
#include <optional>
#include <string>
#include <vector>

#include <tune/detail/order.h>

#include "box/features.h"
#include "manifest/manifest.h"
#include "profile/format.h"
#include "profile/ladder.h"
#include "sidecar/document.h"

namespace tune::stamp {

// A step of the stamp order, walked as a DISPATCH binary walks it (tune/detail/order.h).
using source = detail::order::source;
const char* to_string(source s);

// A companion's row (docs/design/kernels-and-isolation.md "Companions"): the family's, unless the fresh sidecar
// has the companion's own entry measured within the same race of the same grid.
struct companion_seat {
  std::string name;
  std::string suffix;
  bool own_entry = false;  // from the sidecar's entry keyed by the companion's name
  std::string step;        // why, for `tune explain`
  bool c_linkage = false;  // the row is C: its symbol is declared extern "C"
};

struct seat {
  std::string suffix;
  source from = source::fallback;
  std::optional<double> margin_pct;  // the measured gain over the fallback, when a row won it in the sidecar's race
  std::optional<race::verdict> race_verdict;  // the sidecar race's verdict, when from the sidecar
  std::optional<std::string> demoted;         // the row that race demoted, when it did
  std::optional<double> demoted_margin_pct;   // and its margin when it lost the seat
  // The row's median time per call in this box's race, and its rate when the fixture declared
  // work (race::rate_text); only for a seat measured here.
  std::optional<double> median_ns;
  std::optional<std::string> rate;
  // What the stamp order passed over that a person must be told, not only `tune explain`: a
  // sidecar entry or a profile seat naming a row the family does not have or that did not build.
  std::vector<std::string> problems;
  std::string profile_class;               // the profile's class, when from a profile
  std::string adopted_from;                // the profile class a sidecar entry was adopted from, if it was
  std::string fallback;                    // the fallback row this box resolves to
  std::vector<std::string> steps;          // the stamp order, step by step
  std::vector<companion_seat> companions;  // in declaration order
  bool c_linkage = false;                  // the row is C: its symbol is declared extern "C"
};

struct seat_inputs {
  const sidecar::document* fresh_sidecar = nullptr;         // only when the scope's verdict is fresh
  std::string sidecar_reason;                               // why it is not used otherwise (the verdict message)
  const std::vector<profile::profile>* profiles = nullptr;  // the ladder's usable profiles, highest first
  std::vector<std::string> profile_notes;                   // why other rungs of the ladder give nothing
  // Every rung of the ladder in order (profile/ladder.h), so the steps walk it as the stamp does;
  // without it the notes come first, then the usable profiles.
  const std::vector<profile::rung>* rungs = nullptr;
  // Every committed profile of the scope on the target arch's class table (stamp/dispatch.h), for
  // the DISPATCH section of the headers; null: the headers have none (an arch without a table).
  const std::vector<profile::profile>* dispatch_profiles = nullptr;
  std::string dispatch_arch = "x86_64";  // the target's arch, whose feature bits the dispatch masks use
  bool force_reference = false;          // TUNE_POLICY=reference
  box::feature_set features;             // what "runnable" is judged against
};

// "sidecar", "profile <class>", "fallback" or "reference": the source as status and headers name it.
std::string source_text(const seat& s);

// The family's seat and its companions'.
seat resolve_seat(const family_decl& family, const seat_inputs& in);

// A companion's seat given the family's. Its own entry counts only when the family's seat is the
// fresh sidecar's, `kernels.<companion>` names a row of the family that runs here, and the family's
// race table lists the same row under `companions.<companion>`: that is the proof it was measured
// within the family's grid in the race that wrote the entry (a re-mint replaces the race table, so
// an entry left from an older race no longer counts).
companion_seat resolve_companion_seat(const family_decl& family, const companion_decl& companion,
                                      const seat& family_seat, const seat_inputs& in);

// True when the row's requires= holds for `features`.
bool runnable(const row_decl& row, const box::feature_set& features);

// The first runnable row of the fallback chain, else the reference.
std::string resolve_fallback(const family_decl& family, const box::feature_set& features);

}  // namespace tune::stamp
