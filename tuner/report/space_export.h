#pragma once
// A family's measured space as others read it (`tune space export`): the race table's rows placed
// on the family's axes, as a search landscape (search/landscape_file.h, tune-search-landscape/1)
// or as the auto-tuning community's T4 results (Kernel Tuner's kernel_tuner/schema/T4/1.0.0
// results-schema.json, which autotuning_methodology reads). A raced row's cost is its median time
// per call; a row of the same code as a raced one has that row's; a row the gate or the build
// rejected is failed; a row never raced (a searched family's unvisited rows, a row this box
// cannot run) is not listed.
#include <string>

#include <nlohmann/json.hpp>

#include "manifest/manifest.h"
#include "race/table.h"
#include "search/landscape_file.h"

namespace tune::report {

// Throws std::runtime_error naming the family when it has no axes (PERMUTATIONS rows without axis
// values, a GENERATOR's proposals) or no row of the table was timed.
search::landscape_file landscape_of(const family_decl& family, const race::race_table& race);

// The same rows as T4 results: each with its configuration, the objective "time" in ms (the
// median per call), and `invalidity` ("correct", "compile", "runtime", "timeout" or
// "correctness"). `timestamp` is the race's (ISO 8601).
nlohmann::ordered_json t4_of(const family_decl& family, const race::race_table& race, const std::string& timestamp);

}  // namespace tune::report
