#include "isolate/identity.h"

#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "util/atomic_file.h"
#include "util/json_file.h"
#include "util/json_reader.h"
#include "util/sha256.h"

namespace tune::isolate {

namespace {
constexpr const char* format_name = "tune-row-identity/1";
}

std::filesystem::path identity_file(const std::string& record) { return record + ".identity.json"; }

void write_row_identity(const std::string& record, const row_identity& identity) {
  nlohmann::json doc = {{"format", format_name}, {"code_sha256", identity.code_sha256}};
  doc["inputs"] = identity.inputs ? nlohmann::json(*identity.inputs) : nlohmann::json(nullptr);
  doc["inputs_sha256"] = identity.inputs_sha256 ? nlohmann::json(*identity.inputs_sha256) : nlohmann::json(nullptr);
  util::write_json_file_atomic(identity_file(record), doc);
}

std::optional<row_identity> read_row_identity(const std::string& record) {
  if (record.empty()) return std::nullopt;
  const auto file = identity_file(record);
  try {
    const auto doc = util::read_json(file);
    if (!doc) return std::nullopt;
    const util::json_at j(*doc, file);
    if (const auto format = j["format"]; format.value() != format_name) format.fail(fmt::format("\"{}\"", format_name));
    row_identity out;
    out.code_sha256 = j["code_sha256"].string();
    if (!j["inputs"].value().is_null()) out.inputs = j["inputs"].strings();
    if (!j["inputs_sha256"].value().is_null()) out.inputs_sha256 = j["inputs_sha256"].string();
    return out;
  } catch (const util::json_error& e) {
    throw std::runtime_error(
        fmt::format("the build's identity record of a row, {}, is unreadable ({}); rebuild to "
                    "write it again",
                    file.string(), e.where_and_what()));
  }
}

std::string inputs_sha256(const std::vector<std::string>& files) {
  util::sha256 h;
  for (const auto& file : files) h.field(util::sha256_file(file));
  return h.hex();
}

}  // namespace tune::isolate
