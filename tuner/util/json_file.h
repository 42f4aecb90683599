#pragma once
// JSON files whose errors name the file: reading with the parse error, writing atomically.
#include <filesystem>
#include <nlohmann/json.hpp>

namespace tune::util {

// Throws std::runtime_error naming the path when the file is absent, cannot be read, or is not
// JSON (then with nlohmann's parse error, which gives line and column).
nlohmann::json read_json_file(const std::filesystem::path& path);

// Two-space indented, newline-terminated, written with write_file_atomic.
void write_json_file_atomic(const std::filesystem::path& path, const nlohmann::json& doc);

}  // namespace tune::util
