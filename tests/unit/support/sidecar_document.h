#pragma once
// A sidecar document from members written as JSON, as on disk: what the tests of a reader start
// from. Sections left out read as empty, as sidecar::from_json reads them.
#include <nlohmann/json.hpp>

#include "sidecar/document.h"

namespace tune::test {

inline sidecar::document sidecar_document(const nlohmann::json& members) { return members.get<sidecar::document>(); }

}  // namespace tune::test
