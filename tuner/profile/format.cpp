#include "profile/format.h"

#include <stdexcept>

#include <fmt/format.h>

#include "util/atomic_file.h"
#include "util/json_reader.h"

namespace tune::profile {

namespace {

std::runtime_error bad(const std::filesystem::path& file, const std::string& what) {
  return std::runtime_error(fmt::format("profile {}: {}; re-export it with `cmake --build <build> --target "
                                        "tune-profile-export` or fix it by hand",
                                        file.string(), what));
}

const char* type_name(const nlohmann::json& j) { return j.type_name(); }

}  // namespace

std::filesystem::path profile_path(const std::filesystem::path& defaults_dir, const std::string& cls) {
  return defaults_dir / (cls + ".tune-defaults.json");
}

profile from_json(const nlohmann::json& doc, const std::filesystem::path& file) {
  if (!doc.is_object()) throw bad(file, fmt::format("the document is {}, expected an object", type_name(doc)));
  const auto format = doc.find("format");
  if (format == doc.end() || !format->is_string() || format->get<std::string>() != format_name)
    throw bad(file, fmt::format("format is {}, expected \"{}\"", format == doc.end() ? "absent" : format->dump(),
                                format_name));
  profile p;
  p.file = file;
  const auto string_member = [&](const char* key) {
    const auto it = doc.find(key);
    if (it == doc.end()) throw bad(file, fmt::format("{} is absent", key));
    if (!it->is_string() || it->get<std::string>().empty())
      throw bad(file, fmt::format("{} is {}, expected a non-empty string", key, it->dump()));
    return it->get<std::string>();
  };
  p.scope = string_member("scope");
  p.cls = string_member("class");
  const auto version = doc.find("version");
  if (version == doc.end() || !version->is_number_integer())
    throw bad(file, fmt::format("version is {}, expected an integer", version == doc.end() ? "absent" : version->dump()));
  p.version = version->get<int>();
  const auto kernels = doc.find("kernels");
  if (kernels == doc.end() || !kernels->is_object())
    throw bad(file, fmt::format("kernels is {}, expected an object", kernels == doc.end() ? "absent" : kernels->dump()));
  for (const auto& [family, seat] : kernels->items()) {
    if (!seat.is_string() || seat.get<std::string>().empty())
      throw bad(file, fmt::format("kernels.{} is {}, expected a suffix string", family, type_name(seat)));
    p.kernels[family] = seat.get<std::string>();
  }
  if (const auto prov = doc.find("provenance"); prov != doc.end()) {
    if (!prov->is_object()) throw bad(file, fmt::format("provenance is {}, expected an object", type_name(*prov)));
    p.provenance = *prov;
    if (const auto f = prov->find("features"); f != prov->end()) {
      if (!f->is_string()) throw bad(file, fmt::format("provenance.features is {}, expected a string", type_name(*f)));
      try {
        p.features = box::split(f->get<std::string>());
      } catch (const std::invalid_argument& e) {
        throw bad(file, fmt::format("provenance.features: {}", e.what()));
      }
    }
  }
  return p;
}

nlohmann::ordered_json to_json(const profile& p) {
  nlohmann::ordered_json kernels = nlohmann::ordered_json::object();
  for (const auto& [family, suffix] : p.kernels) kernels[family] = suffix;
  nlohmann::ordered_json out;
  out["format"] = format_name;
  out["scope"] = p.scope;
  out["class"] = p.cls;
  out["version"] = p.version;
  out["kernels"] = kernels;
  out["provenance"] = nlohmann::ordered_json::parse(p.provenance.dump());
  return out;
}

profile read_profile(const std::filesystem::path& file) {
  std::optional<nlohmann::json> doc;
  try {
    doc = util::read_json(file);
  } catch (const util::json_error& e) {
    throw bad(file, e.where_and_what());
  }
  if (!doc) throw bad(file, "the file does not exist");
  return from_json(*doc, file);
}

}  // namespace tune::profile
