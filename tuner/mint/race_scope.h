#pragma once
// One mint of one scope: run the scope's bench race, then upsert its winners, race tables and
// provenance into the sidecar. A refused or interrupted mint writes nothing (and is archived as
// a failure); a crashed bench is an error naming how it died.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "box/identity.h"
#include "manifest/manifest.h"
#include "mint/progress.h"
#include "race/result.h"
#include "sidecar/document.h"

namespace tune::mint {

// What one mint races, and what it takes from profiles instead (docs/profiles-and-policy.md, the
// policy rail under `auto`): the residue is raced, the covered families are adopted.
struct race_plan {
  std::vector<std::string> families;                                   // raced now; every family for a full mint
  std::map<std::string, std::pair<std::string, std::string>> adopted;  // family -> (suffix, profile class)
  std::string why;                                                     // why it races now, for the line that says so
  // A mint of selected families (mint/selection.h): the others, kept as the fresh sidecar has
  // them (seat, race table, companions' seats), or left unmeasured when it is not fresh
  // (`why_unmeasured`). An incremental re-mint (mint/incremental.h): the unchanged families, kept.
  std::vector<std::string> kept, unmeasured;
  std::string why_unmeasured;
  // Why each kept family was kept: not selected, or unchanged since its last race on this box
  // (an incremental re-mint, mint/incremental.h).
  std::map<std::string, std::string> why_kept;
  // Rows of raced families that failed at an earlier mint with the code they have now, with how:
  // not called again (mint/incremental.h, known_failures).
  std::map<std::string, std::map<std::string, race::row_failure>> known_failures;
  // `tune mint --only-new` (mint/incremental.h, race_only_new): per family raced so, the rows asked
  // of the bench (its new rows, and the seat, fallback chain and reference to race them against),
  // and its new rows alone. Its other rows keep their last results (race_row::carried_from).
  std::map<std::string, std::vector<std::string>> only_rows, new_rows;
};
race_plan full_race(const manifest& m, std::string why);

// How to race every family after a mint that kept some: for the notes that say so.
inline constexpr const char* all_hint = "`tune mint --all` (TUNE_ALL=1 on the tune targets) races every family";

struct mint_outcome {
  enum kind { written, family_errors, refused, interrupted, failed } status = failed;
  std::string reason;
  bool wrote() const { return status == written || status == family_errors; }
};

// `previous` is the current sidecar document (even a stale or foreign one): its winners are the
// incumbents for ties. Raced and adopted entries land in the sidecar in one upsert; an adopted
// family's race table is {"verdict": "adopted", "winner": <suffix>, "profile": <class>}. A plan
// that races no family runs no bench: the upsert records the kept and adopted families against
// the bench as it is now, provenance left as the last mint wrote it.
mint_outcome race_scope(const manifest& m, const box::box_info& box, const sidecar::document* previous, progress& show,
                        const race_plan& plan);

}  // namespace tune::mint
