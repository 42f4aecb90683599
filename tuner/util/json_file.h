#pragma once
// JSON files whose errors name the file: reading through the bounded reader, writing atomically.
#include <filesystem>
#include <nlohmann/json.hpp>

namespace tune::util {

// Throws std::runtime_error naming the path when the file is absent, and util::json_error
// (util/json_reader.h) when it cannot be read or is not bounded JSON.
nlohmann::json read_json_file(const std::filesystem::path& path);

// The text the tool writes for `doc`: indented by `indent` (-1: one line). A byte that is not UTF-8
// (a path, a compiler's or a kernel's message) becomes U+FFFD instead of failing the write.
template <class Json>
std::string json_text(const Json& doc, int indent = 2) {
  return doc.dump(indent, ' ', false, Json::error_handler_t::replace);
}

// Two-space indented, newline-terminated, written with write_file_atomic.
void write_json_file_atomic(const std::filesystem::path& path, const nlohmann::json& doc);

}  // namespace tune::util
