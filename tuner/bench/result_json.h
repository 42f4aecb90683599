#pragma once
// The bench's answer to `bench race`: the mint's decisions as JSON the tool copies into the sidecar.
#include <nlohmann/json.hpp>

#include "bench/gate.h"
#include "race/result.h"

namespace tune::bench {

// One family's race table (sidecar.md "race"), rejected rows with the reason and, for rows that
// failed the correctness gate, their worst errors.
nlohmann::json family_json(const race::family_result& result, const family_info& family, const family_gate& gate);

// Probes, noise verdict, floor and status.
nlohmann::json mint_json(const race::mint_result& result);

}  // namespace tune::bench
