#include "manifest/manifest.h"

#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "util/atomic_file.h"

namespace tune {

const row_decl* family_decl::row(const std::string& suffix) const {
  for (const auto& r : rows)
    if (r.suffix == suffix) return &r;
  return nullptr;
}

std::vector<std::string> manifest::family_names() const {
  std::vector<std::string> names;
  for (const auto& f : families) names.push_back(f.name);
  return names;
}

const family_decl* manifest::family(const std::string& name) const {
  for (const auto& f : families)
    if (f.name == name) return &f;
  return nullptr;
}

manifest load_manifest(const std::filesystem::path& file) {
  const auto text = util::read_file(file);
  if (!text)
    throw std::runtime_error(fmt::format("manifest {} does not exist; re-run CMake's configure step", file.string()));
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(*text);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(fmt::format("manifest {} is not JSON: {}", file.string(), e.what()));
  }
  if (j.value("format", "") != "tune-manifest/1")
    throw std::runtime_error(fmt::format("manifest {} is not a tune-manifest/1 file", file.string()));
  try {
    manifest m;
    m.file = file;
    m.project = j.at("project").get<std::string>();
    m.scope = j.at("scope").get<std::string>();
    m.version = j.at("version").get<int>();
    if (j.at("budget_s").is_number()) m.budget_s = j["budget_s"].get<double>();
    m.cpp_namespace = j.at("namespace").get<std::string>();
    m.sidecar = j.at("sidecar").get<std::string>();
    m.bench = j.at("bench").get<std::string>();
    m.build_dir = j.at("build_dir").get<std::string>();
    m.state_dir = j.at("state_dir").get<std::string>();
    m.stamp_dir = j.at("stamp_dir").get<std::string>();
    m.defaults = j.at("defaults").get<std::string>();
    m.policy = j.at("policy").get<std::string>();
    m.optimized = j.at("optimized").get<bool>();
    m.release = j.at("release").get<bool>();
    m.quick = j.at("quick").get<bool>();
    m.debug = j.at("debug").get<bool>();
    m.target_class = j.at("target_class").get<std::string>();
    m.compiler = j.at("compiler").get<std::string>();
    m.compiler_flags = j.at("compiler_flags").get<std::string>();
    for (const auto& f : j.at("families")) {
      family_decl d;
      d.name = f.at("name").get<std::string>();
      d.signature = f.at("signature").get<std::string>();
      d.tolerance = f.at("tolerance").get<std::string>();
      d.reference = f.at("reference").get<std::string>();
      d.fallback = f.at("fallback").get<std::vector<std::string>>();
      d.sources = f.at("sources").get<std::vector<std::string>>();
      for (const auto& r : f.at("rows")) {
        d.rows.push_back({r.at("suffix").get<std::string>(), r.at("axes").get<std::string>(),
                          r.at("requires").get<std::string>(), r.at("flags").get<std::vector<std::string>>(),
                          r.at("defines").get<std::vector<std::string>>()});
      }
      // Manifests written before COMPANIONS existed have no such member: no companions.
      for (const auto& c : f.value("companions", nlohmann::json::array()))
        d.companions.push_back({c.at("name").get<std::string>(), c.at("signature").get<std::string>()});
      m.families.push_back(std::move(d));
    }
    return m;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(fmt::format("manifest {} is malformed: {}", file.string(), e.what()));
  }
}

bool sidecar_from_environment() {
  const char* env = std::getenv("TUNE_MANIFEST");
  return env && *env;
}

std::filesystem::path sidecar_path(const manifest& m) {
  if (sidecar_from_environment()) return std::getenv("TUNE_MANIFEST");
  return m.sidecar;
}

}  // namespace tune
