#include "util/json_file.h"

#include <stdexcept>

#include "util/atomic_file.h"

namespace tune::util {

nlohmann::json read_json_file(const std::filesystem::path& path) {
  const auto text = read_file(path);
  if (!text) throw std::runtime_error("cannot read \"" + path.string() + "\": it does not exist");
  try {
    return nlohmann::json::parse(*text);
  } catch (const nlohmann::json::parse_error& e) {
    throw std::runtime_error("\"" + path.string() + "\" is not valid JSON: " + e.what());
  }
}

void write_json_file_atomic(const std::filesystem::path& path, const nlohmann::json& doc) {
  write_file_atomic(path, doc.dump(2) + "\n");
}

}  // namespace tune::util
