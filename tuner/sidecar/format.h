#pragma once
// The `tune-sidecar/1` format: its name, an empty document, and the shape check that makes
// every document this tool reads or writes safe to walk (docs/schemas/tune-sidecar-1.schema.json
// describes the same shape for people and other tools).
#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace tune::sidecar {

inline constexpr const char* format_name = "tune-sidecar/1";

// "cmake-tune <version>", recorded as provenance.tool.
std::string tool_name();

// Every section present and empty; provenance is filled in by the first write.
nlohmann::json empty_document();

// The first way `doc` departs from the format, e.g. `scopes.mykernels.version is a string,
// expected an integer`; nullopt when it conforms. Checks what the tool reads (sections,
// scopes, seats, margins, row medians, box); other keys are free.
std::optional<std::string> shape_error(const nlohmann::json& doc);

// The first way one race table (race/table.h), at JSON path `where`, departs from the format:
// what race::race_table's from_json may then read safely. nullopt when it conforms.
std::optional<std::string> race_table_shape_error(const nlohmann::json& table, const std::string& where);

}  // namespace tune::sidecar
