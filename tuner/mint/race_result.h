#pragma once
// The bench's answer to a race request (race-result.json, written by tuner/harness/main.cpp), as
// the mint reads it: checked member by member before anything is taken from it.
#include <filesystem>

#include <nlohmann/json.hpp>

namespace tune::mint {

// Throws util::json_error (util/json_reader.h) naming `file` and the JSON path of the first member
// that is missing or of the wrong type among those the mint reads: mint.probes[].label, mad_pct
// and cv_pct, mint.status, reason, noise_overridden, noise_floor_pct and ms, telemetry, features,
// errors.<family>, and per family winner and rows, then the whole race table
// (sidecar::race_table_shape_error). race::race_answer reads it after.
void check_race_result(const nlohmann::json& result, const std::filesystem::path& file);

}  // namespace tune::mint
