#pragma once
// A validator for the subset of JSON Schema 2020-12 that docs/schemas/ uses: type, const, enum,
// required, properties, additionalProperties, items, uniqueItems, minLength, minimum, pattern and
// local "$ref": "#/$defs/...". Debian has no C++ validator for draft 2020-12 (libvalijson-dev
// stops at draft 7), so the tests carry this one. It throws std::logic_error for any other
// keyword, so the schema cannot grow a rule that these tests would silently skip.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tune::test {

// Every violation, as "<location>: <what>"; empty when `doc` conforms to `schema`.
std::vector<std::string> schema_violations(const nlohmann::json& schema, const nlohmann::json& doc);

}  // namespace tune::test
