#pragma once
// The one way the tool reads a JSON file (sidecar, profile, manifest, plan, stamp record, the
// bench's answers): bounded in size and depth, every number finite, every string UTF-8, and every
// failure a json_error naming the file, the JSON path of the offending value, what was expected
// and what was found. nlohmann::json does the parsing (through its SAX interface, so the bounds
// hold while it reads); no text of its exceptions ever reaches a message.
//
// json_at is a value read from such a file, with its path: what record readers take their fields
// from, so a value of the wrong type or out of range is a json_error with that path too.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace tune::util {

struct json_limits {
  std::size_t max_bytes = std::size_t{64} << 20;  // 64 MiB
  int max_depth = 64;                             // objects and arrays nested in each other
};

class json_error : public std::runtime_error {
 public:
  json_error(std::filesystem::path file, std::string json_path, std::string expected, std::string found);
  const std::filesystem::path& file() const { return file_; }
  const std::string& json_path() const { return json_path_; }  // "race.dot.rows.u4.rounds"; "" for the document
  const std::string& expected() const { return expected_; }
  const std::string& found() const { return found_; }
  // The message without the file: "at race.dot.rows.u4.rounds: expected an integer, found a string".
  std::string where_and_what() const;

 private:
  std::filesystem::path file_;
  std::string json_path_, expected_, found_;
};

// Parses `text`, which came from `file`. Throws json_error, never a library exception.
nlohmann::json parse_json(std::string_view text, const std::filesystem::path& file, const json_limits& limits = {});

// Reads and parses `file`; nullopt when it does not exist. Throws json_error when it cannot be read,
// is larger than the limit or is not such JSON.
std::optional<nlohmann::json> read_json(const std::filesystem::path& file, const json_limits& limits = {});

// Bytes as a message can show them: printable ASCII as is, anything else as \xNN, at most `max`
// of them and then "...". For names a file supplies (keys, row names), which may be anything.
std::string printable(std::string_view bytes, std::size_t max = 40);

// A short, printable description of a value for "found ...": "a string \"five\"", "an array of 3".
std::string describe_json(const nlohmann::json& v);

class json_at {
 public:
  json_at(const nlohmann::json& value, std::filesystem::path file, std::string path = "")
      : value_(value), file_(std::move(file)), path_(std::move(path)) {}

  const nlohmann::json& value() const { return value_; }
  const std::string& path() const { return path_; }
  const std::filesystem::path& file() const { return file_; }

  // A member that must be there (and this must be an object).
  json_at operator[](const std::string& key) const;
  // A member that may be absent; nullopt then (this must be an object).
  std::optional<json_at> find(const std::string& key) const;
  bool has(const std::string& key) const;
  // Element i of an array.
  json_at at(std::size_t i) const;

  const json_at& object() const;  // throws unless this is an object
  const json_at& array() const;   // throws unless this is an array
  std::size_t size() const;       // of an object or array

  std::string string() const;
  bool boolean() const;
  double number() const;
  std::int64_t integer(std::int64_t min, std::int64_t max) const;  // whole, within [min, max]
  std::optional<double> number_or_null() const;
  std::vector<std::string> strings() const;  // an array of strings

  // Throws the json_error for this value.
  [[noreturn]] void fail(const std::string& expected) const;

 private:
  std::string child(const std::string& key) const;
  const nlohmann::json& value_;
  std::filesystem::path file_;
  std::string path_;
};

}  // namespace tune::util
