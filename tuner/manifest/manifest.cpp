#include "manifest/manifest.h"

#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "box/requires.h"
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

bool row_runs(const row_decl& row, const box::feature_set& features) {
  return !row.left_out && box::holds(box::parse_requires(row.needs), features);
}

std::string why_row_cannot_run(const row_decl& row, const box::feature_set& features) {
  if (row.left_out) return "left out of the build: " + *row.left_out;
  return box::why_not(box::parse_requires(row.needs), features);
}

namespace {

// The build's record of a row it left out: "<stage>: <first line of the diagnostic>".
std::optional<std::string> left_out(const std::string& record) {
  if (record.empty()) return std::nullopt;
  const auto first_line = [](const std::string& text) {
    const auto start = text.find_first_not_of("\n");
    if (start == std::string::npos) return std::string();
    return text.substr(start, text.find('\n', start) - start);
  };
  if (const auto text = util::read_file(record + ".link-fail.txt")) return "link: " + first_line(*text);
  if (const auto text = util::read_file(record + ".fail.txt")) {
    const auto newline = text->find('\n');
    const std::string stage = text->substr(0, newline);
    return stage + ": " + (newline == std::string::npos ? std::string() : first_line(text->substr(newline + 1)));
  }
  return std::nullopt;
}

}  // namespace

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
    m.config = j.value("config", std::string());
    m.multi_config = j.value("multi_config", false);
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
      if (f.contains("timeout_s") && f["timeout_s"].is_number()) d.timeout_s = f["timeout_s"].get<double>();
      for (const auto& r : f.at("rows")) {
        row_decl row;
        row.suffix = r.at("suffix").get<std::string>();
        row.axes = r.at("axes").get<std::string>();
        row.needs = r.at("requires").get<std::string>();
        row.flags = r.at("flags").get<std::vector<std::string>>();
        row.defines = r.at("defines").get<std::vector<std::string>>();
        row.linkage = r.value("linkage", std::string("CXX"));
        row.build_record = r.value("build_record", std::string());
        row.left_out = left_out(row.build_record);
        d.rows.push_back(std::move(row));
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

std::string tune_command(const manifest& m) {
  const std::string tree = m.build_dir.string();
  const std::string build = fmt::format("cmake --build {}{} --target tune-{}", tree,
                                        m.multi_config ? " --config " + m.config : "", m.scope);
  if (!m.target_class.empty()) return fmt::format("cmake -B {} -UTUNE_TARGET_CLASS && {}", tree, build);
  return build;
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
