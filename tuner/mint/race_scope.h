#pragma once
// One mint of one scope: run the scope's bench race, then upsert its winners, race tables and
// provenance into the sidecar. A refused or interrupted mint writes nothing (and is archived as
// a failure); a crashed bench is an error naming how it died.
#include <string>

#include <nlohmann/json.hpp>

#include "box/identity.h"
#include "manifest/manifest.h"
#include "mint/progress.h"

namespace tune::mint {

struct mint_outcome {
  enum kind { written, family_errors, refused, interrupted, failed } status = failed;
  std::string reason;
  bool wrote() const { return status == written || status == family_errors; }
};

// `previous` is the current sidecar document (even a stale or foreign one): its winners are the
// incumbents for ties.
mint_outcome race_scope(const manifest& m, const box::box_info& box, const nlohmann::json* previous, progress& show);

}  // namespace tune::mint
