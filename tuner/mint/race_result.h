#pragma once
// The bench's answer to a race request (race-result.json, written by tuner/bench/main.cpp), as
// the mint reads it: checked member by member before anything is taken from it.
#include <filesystem>

#include <nlohmann/json.hpp>

namespace tune::mint {

// Throws util::json_error (util/json_reader.h) naming `file` and the JSON path of the first member
// that is missing or of the wrong type among those the mint reads: mint.probes[].label/mad_pct,
// mint.reason, mint.noise_overridden, mint.noise_floor_pct, telemetry, errors.<family>, and per
// family winner and rows, and then the whole race table (sidecar::race_table_shape_error).
void check_race_result(const nlohmann::json& result, const std::filesystem::path& file);

}  // namespace tune::mint
