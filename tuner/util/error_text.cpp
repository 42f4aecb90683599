#include "util/error_text.h"

#include <filesystem>
#include <functional>
#include <new>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <typeinfo>
#include <variant>

#include <nlohmann/json.hpp>

#include "util/json_reader.h"

namespace tune::util {

std::string quoted(const std::filesystem::path& p) { return "\"" + p.string() + "\""; }

std::string shown(std::string_view value) { return printable(value, 64); }

namespace {

std::string bug(const std::string& what) {
  return what + "; this is a bug in cmake-tune: please report it with the command that ran";
}

}  // namespace

std::string error_text(const std::exception& e) {
  if (const auto* fs = dynamic_cast<const std::filesystem::filesystem_error*>(&e)) {
    if (fs->path1().empty()) return "a file operation failed: " + fs->code().message();
    std::string paths = quoted(fs->path1());
    if (!fs->path2().empty()) paths += " and " + quoted(fs->path2());
    return "cannot use " + paths + ": " + fs->code().message();
  }
  if (const auto* system = dynamic_cast<const std::system_error*>(&e))
    return "a system call failed: " + system->code().message();
  // Every file is read through util/json_reader.h, which names the file and the value: a JSON
  // library error reaching main() is a value the tool failed to check.
  if (const auto* json = dynamic_cast<const nlohmann::json::exception*>(&e))
    return bug("a JSON value had a shape the tool did not check (JSON error " + std::to_string(json->id) + ")");
  if (dynamic_cast<const std::bad_alloc*>(&e)) return "out of memory";
  // What the standard library throws for a broken invariant (the tool's own code throws these only
  // where they cannot reach main()).
  if (dynamic_cast<const std::out_of_range*>(&e) || dynamic_cast<const std::length_error*>(&e) ||
      dynamic_cast<const std::bad_optional_access*>(&e) || dynamic_cast<const std::bad_variant_access*>(&e) ||
      dynamic_cast<const std::bad_function_call*>(&e) || dynamic_cast<const std::bad_cast*>(&e))
    return bug("an internal check failed");
  return e.what();
}

}  // namespace tune::util
