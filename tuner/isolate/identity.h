#pragma once
// A row's identities as its isolation records them beside the row's other build records, at
// <rows dir>/<family>__<suffix>.identity.json (docs/design/candidates.md "Two identities"). One
// writer (isolate.cpp) and one reader (the manifest's loader) of the file.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tune::isolate {

struct row_identity {
  // The code identity: SHA-256 of the isolated object with its debug information stripped and the
  // row's own names (entry, companions, anything named after them) made the same for every row.
  std::string code_sha256;
  // What the row's compiles read, from their dependency files: every source and header, in
  // order; and SHA-256 over their contents. nullopt when a compile left no dependency file.
  std::optional<std::vector<std::string>> inputs;
  std::optional<std::string> inputs_sha256;
};

std::filesystem::path identity_file(const std::string& record);

void write_row_identity(const std::string& record, const row_identity& identity);

// nullopt when the row has no record (not built yet, or left out). Throws std::runtime_error
// naming the file and what is wrong with it when it is there but not such a record.
std::optional<row_identity> read_row_identity(const std::string& record);

// SHA-256 over the contents of `files` in order (each by its own hash, so paths do not count).
// Throws std::runtime_error naming a file that cannot be read.
std::string inputs_sha256(const std::vector<std::string>& files);

}  // namespace tune::isolate
