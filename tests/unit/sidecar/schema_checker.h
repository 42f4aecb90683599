#pragma once
// The documents the tool writes, checked against docs/schemas/ by a complete draft 2020-12
// validator: Debian's python3-jsonschema, through tests/schema/validate.py (the end-to-end tests
// run the same script as SCHEMA_CHECK). Unit tests pass the parsed schema and document.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tune::test {

// Every violation, as "<JSON pointer>: <what is wrong>" in the validator's words, sorted by
// location; empty when `doc` conforms to `schema`. Throws std::runtime_error, with the validator's
// message, when `schema` is not a valid schema or the validator cannot run.
std::vector<std::string> schema_violations(const nlohmann::json& schema, const nlohmann::json& doc);

}  // namespace tune::test
