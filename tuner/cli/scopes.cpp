#include "cli/scopes.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "manifest/manifest.h"
#include "mint/build_step.h"
#include "mint/machine.h"

namespace tune::cli {

void add_scope_options(CLI::App* cmd, scope_options& o) {
  cmd->add_option("--manifest", o.manifests, "A scope's manifest (tune/<scope>/manifest.json); repeatable");
  cmd->add_option("--build-dir", o.build_dir, "Build tree whose scopes to use when no --manifest is given")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--config", o.configs,
                  "The configuration of a multi-config tree (repeatable, or `all`); needed when it has several");
}

std::vector<std::filesystem::path> find_manifests(const scope_options& o) {
  if (!o.manifests.empty()) return o.manifests;
  std::vector<std::filesystem::path> found;
  const auto root = o.build_dir / "tune";
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(root, ec);
       it != std::filesystem::recursive_directory_iterator(); ++it) {
    if (it.depth() > 2) it.disable_recursion_pending();
    if (it->path().filename() == "manifest.json") found.push_back(it->path());
  }
  std::sort(found.begin(), found.end());
  if (found.empty())
    throw std::runtime_error(
        fmt::format("no cmake-tune scopes under {}: pass --build-dir <build tree> or --manifest", root.string()));
  std::vector<std::string> configs;
  std::vector<std::pair<std::filesystem::path, std::string>> by_config;
  for (const auto& path : found) {
    const auto m = load_manifest(path);
    by_config.emplace_back(path, m.config);
    if (m.multi_config && std::find(configs.begin(), configs.end(), m.config) == configs.end())
      configs.push_back(m.config);
  }
  const bool all = std::find(o.configs.begin(), o.configs.end(), "all") != o.configs.end();
  if (configs.size() <= 1 && o.configs.empty()) return found;
  if (o.configs.empty())
    throw std::runtime_error(
        fmt::format("{} has the configurations {}: pass --config <configuration> (or --config "
                    "all)",
                    o.build_dir.string(), fmt::join(configs, ", ")));
  std::vector<std::filesystem::path> chosen;
  for (const auto& name : o.configs) {
    if (name == "all") continue;
    if (std::find(configs.begin(), configs.end(), name) == configs.end())
      throw std::runtime_error(
          fmt::format("--config {}: {} has no such configuration ({}: {})", name, o.build_dir.string(),
                      configs.empty() ? "it is single-config" : "it has",
                      configs.empty() ? std::string("use no --config") : fmt::format("{}", fmt::join(configs, ", "))));
  }
  for (const auto& [path, config] : by_config)
    if (all || std::find(o.configs.begin(), o.configs.end(), config) != o.configs.end()) chosen.push_back(path);
  return chosen;
}

sidecar::judgement judge_sidecar(const manifest& m, const box::box_info& box) {
  return mint::judge_scope(m, sidecar::load(sidecar_path(m)), mint::machine_of(m, box));
}

sidecar::tree_scope tree_scope_of(const manifest& m) { return {m.scope, m.multi_config ? m.config : "", m.bench}; }

}  // namespace tune::cli
