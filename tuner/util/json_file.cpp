#include "util/json_file.h"

#include <stdexcept>

#include "util/atomic_file.h"
#include "util/json_reader.h"

namespace tune::util {

nlohmann::json read_json_file(const std::filesystem::path& path) {
  auto doc = read_json(path);
  if (!doc) throw std::runtime_error("cannot read \"" + path.string() + "\": it does not exist");
  return std::move(*doc);
}

void write_json_file_atomic(const std::filesystem::path& path, const nlohmann::json& doc) {
  write_file_atomic(path, json_text(doc) + "\n");
}

}  // namespace tune::util
