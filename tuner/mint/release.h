#pragma once
// Release builds (TUNE_RELEASE; docs/profiles-and-policy.md "Release builds"): a release stamps
// only winners measured on this box, for every family.
#include <string>
#include <vector>

#include "sidecar/document.h"

#include "manifest/manifest.h"

namespace tune::mint {

// Why a fresh sidecar cannot stand for a release build of `m`, one reason per line; empty when
// it can. Always counted: a family the race left on its fallback because the BUDGET ran out.
// Unless `inherit` (TUNE_QUICK): a family adopted from a profile, a family without a race table,
// and a sidecar measured on another box (provenance.applied_box or origin `resolver`).
std::vector<std::string> release_gaps(const manifest& m, const sidecar::document& sidecar, bool inherit);

}  // namespace tune::mint
