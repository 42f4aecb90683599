// `tune profile export`: what the `tune-profile-export` target runs (docs/profiles-and-policy.md
// "Committed defaults profiles"); `tune profile merge` and `tune profile check`, for profiles
// minted on a fleet of runners ("Profiles from a fleet"). A thin layer over profile/export.h and
// profile/merge.h.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "box/classes.h"
#include "box/identity.h"
#include "box/maker.h"
#include "cli/commands.h"
#include "manifest/manifest.h"
#include "mint/build_step.h"
#include "mint/machine.h"
#include "profile/export.h"
#include "profile/ladder.h"
#include "profile/merge.h"
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
    // The machine the sidecar was measured on: a runner's, for a tree whose bench runs through one.
    const auto machine = mint::machine_of(m, box);
    const auto judged = mint::judge_scope(m, file, machine);
    try {
      const auto p = profile::make_profile(m, file, judged, "cmake-tune " TUNE_VERSION, a.cls, machine.maker);
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

struct merge_args {
  std::filesystem::path into;
  std::vector<std::filesystem::path> profiles;
  std::filesystem::path manifest;
  bool replace = false;
};

int merge_profiles(const merge_args& a) {
  std::optional<manifest> scope;
  if (!a.manifest.empty()) scope = load_manifest(a.manifest);
  auto into = a.into;
  if (into.empty() && scope) into = scope->defaults;
  if (into.empty()) {
    const auto why = scope ? fmt::format("scope {} has no DEFAULTS folder", scope->scope) : "no folder to merge into";
    std::fprintf(stderr, "error: tune profile merge: %s; give --into <dir>, or a --manifest whose scope has one\n",
                 why.c_str());
    return 1;
  }
  try {
    const auto lines = profile::merge(a.profiles, profile::merge_options{into, a.replace, scope ? &*scope : nullptr});
    for (const auto& line : lines) fmt::print("cmake-tune: {}\n", line);
    return 0;
  } catch (const std::runtime_error& e) {  // merge_refused, or a profile that cannot be read or written
    std::fprintf(stderr, "error: tune profile merge: %s; nothing was written\n", e.what());
    return 1;
  }
}

struct check_args {
  std::vector<std::filesystem::path> manifests;
};

int check_profiles(const std::vector<std::filesystem::path>& manifests) {
  int code = 0;
  for (const auto& path : manifests) {
    const auto m = load_manifest(path);
    const auto problems = profile::check(m);
    for (const auto& problem : problems) std::fprintf(stderr, "error: %s\n", problem.c_str());
    // Not an error: a class promises features, and a profile of another maker's CPU still runs.
    const auto here = box::this_cpu_maker();
    std::vector<std::string> classes;
    for (const auto& c : box::class_table()) classes.push_back(c.name);
    for (const auto& p : profile::load_ladder(m.defaults, classes, m.scope, m.version).usable)
      if (const auto note = profile::other_maker_note(p, here))
        fmt::print("cmake-tune: scope {}: note: {}; a box of its class adopts its seats untimed\n", m.scope, *note);
    if (problems.empty())
      fmt::print("cmake-tune: scope {}: the profiles in {} are sound\n", m.scope, m.defaults.string());
    else
      code = 1;
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

  auto m = std::make_shared<merge_args>();
  auto* merge_cmd = profile_cmd->add_subcommand(
      "merge", "Place profiles exported on other runners as <dir>/<class>.tune-defaults.json");
  merge_cmd->add_option("--into", m->into, "The folder to merge into (default: the --manifest scope's DEFAULTS)");
  merge_cmd->add_option("--manifest", m->manifest,
                        "A scope's manifest: every profile must be of its scope and VERSION");
  merge_cmd->add_flag("--replace", m->replace, "A given profile replaces the folder's profile of its class");
  merge_cmd->add_option("profiles", m->profiles, "The profiles to merge (tune-profile/1 files)")->required();
  merge_cmd->callback([m] { exit_code() = merge_profiles(*m); });

  auto c = std::make_shared<check_args>();
  auto* check_cmd = profile_cmd->add_subcommand(
      "check", "Check a scope's committed profiles against the scope: families, rows, version, classes");
  check_cmd->add_option("--manifest", c->manifests, "A scope's manifest (tune/<scope>/manifest.json); repeatable")
      ->required();
  check_cmd->callback([c] { exit_code() = check_profiles(c->manifests); });
}

}  // namespace tune::cli
