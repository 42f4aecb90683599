#pragma once
// A family's rows as `tune explain`, `tune status` and the report show them, beside describe.h's
// words for its seat: the rows in order of time with their spread, rates as JSON numbers, the
// rows its GENERATOR proposed (the configure step's <family>_generate_meta.json, format
// docs/schemas/tune-generate-meta-1.schema.json), and a verdict's words while a mint acts on it.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "manifest/manifest.h"
#include "race/table.h"

namespace tune::stamp {

// The timed rows of `race` (those with a median), fastest first and equal medians in name order,
// so the same table always reads the same: the order of `tune explain` and of the report's chart.
std::vector<std::string> rows_by_time(const race::race_table& race);

// The middle half of a row's rounds: "40.1–44.0 ns (9.3%)", the quartiles and their distance as a
// share of the median; "-" for a row the race recorded no quartiles of.
std::string spread_text(const race::race_row& row);

// A rate as every JSON output gives it, {"value": 8.86, "unit": "GFLOP/s"} (race::rate_of), or
// null without the fixture's work or a time.
nlohmann::json rate_json(const std::optional<race::work_record>& work, const std::optional<double>& median_ns);

// The rows a family's GENERATOR proposed and the configure step accepted, each with the basis the
// generator gave for it; `meta` is the record they were read from.
struct generated_rows {
  std::filesystem::path meta;
  std::map<std::string, std::string> basis;  // row suffix -> basis
};

// Where the configure step writes the record of `family`'s generator: beside the sidecar
// (cmake/tune/Generator.cmake), named by the family's function (a family with SHAPES shares one).
std::filesystem::path generate_meta_path(const std::filesystem::path& sidecar, const family_decl& family);

// The accepted proposals of the record at `meta`; nullopt when there is none (a family without a
// GENERATOR). Throws std::runtime_error naming the file when it is there but not a
// tune-generate-meta/1 record.
std::optional<generated_rows> read_generated_rows(const std::filesystem::path& meta);

void to_json(nlohmann::json& out, const generated_rows& g);

// A sidecar verdict's message without its advice to build the tune target ("...; build the
// "tune-e2e" target to measure it."): what a mint that is measuring the scope says of why.
std::string verdict_without_advice(const std::string& message);

}  // namespace tune::stamp
