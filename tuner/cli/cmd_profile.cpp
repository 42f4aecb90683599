// `tune profile export`: what the `tune-profile-export` target runs (docs/profiles-and-policy.md
// "Committed defaults profiles"). A thin layer over profile/export.h.
#include "cli/cmd_profile.h"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "box/classes.h"
#include "box/identity.h"
#include "cli/commands.h"
#include "manifest/manifest.h"
#include "mint/build_step.h"
#include "profile/export.h"
#include "sidecar/verdict.h"

namespace tune::cli {

namespace {

struct export_args {
  std::vector<std::filesystem::path> manifests;
  std::filesystem::path out;
  std::string cls;  // --class: only a sidecar minted as this class
};

int export_profiles(const export_args& a) {
  const auto box = box::this_box();
  int code = 0;
  for (const auto& path : a.manifests) {
    const auto m = load_manifest(path);
    const auto file = sidecar::load(sidecar_path(m));
    const auto judged = mint::judge_scope(m, file, box);
    try {
      const auto p = profile::make_profile(m, file, judged, "cmake-tune " TUNE_VERSION, a.cls);
      if (a.out.empty() && m.defaults.empty())
        throw std::runtime_error(
            fmt::format("tune-profile-export: scope {} has no DEFAULTS folder; add DEFAULTS <dir> "
                        "to tune_scope({}) or pass --out",
                        m.scope, m.scope));
      const auto out = a.out.empty() ? profile::profile_path(m.defaults, p.cls) : a.out;
      profile::write_profile(p, out);
      fmt::print("cmake-tune: scope {}: wrote the {} profile {} ({} families)\n", m.scope, p.cls, out.string(),
                 p.kernels.size());
    } catch (const profile::export_refused& e) {
      std::fprintf(stderr, "error: %s\n", e.what());
      code = 1;
    }
  }
  return code;
}

}  // namespace

void register_profile_commands(CLI::App& app) {
  auto* profile_cmd = app.add_subcommand("profile", "Defaults profiles: committed per-class winners");
  profile_cmd->require_subcommand(1);
  auto a = std::make_shared<export_args>();
  auto* cmd = profile_cmd->add_subcommand(
      "export", "Write <DEFAULTS>/<class>.tune-defaults.json from this box's fresh, complete sidecar");
  cmd->add_option("--manifest", a->manifests, "A scope's manifest (tune/<scope>/manifest.json); repeatable")
      ->required();
  cmd->add_option("--out", a->out, "Write here instead of the scope's DEFAULTS folder (one scope only)");
  cmd->add_option("--class", a->cls,
                  "Export only as this class (e.g. x86-avx2): refused unless the sidecar was minted as it, e.g. "
                  "under TUNE_FORCE_FEATURES=-avx512f,... on a richer box");
  cmd->callback([a] {
    if (!a->out.empty() && a->manifests.size() != 1)
      throw CLI::ValidationError("--out", "--out takes exactly one --manifest");
    if (!a->cls.empty()) try {
        box::class_features(a->cls);
      } catch (const std::invalid_argument& e) {
        throw CLI::ValidationError("--class", e.what());
      }
    exit_code() = export_profiles(*a);
  });
}

}  // namespace tune::cli
