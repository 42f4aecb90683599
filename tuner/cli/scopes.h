#pragma once
// The options every command that reads a build tree takes (docs/cmake-api.md, "The tune tool and
// CI"), and the scopes' manifests they name.
#include <filesystem>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "box/identity.h"
#include "manifest/manifest.h"
#include "sidecar/history.h"
#include "sidecar/verdict.h"

namespace tune::cli {

struct scope_options {
  std::vector<std::filesystem::path> manifests;
  std::filesystem::path build_dir = ".";
  std::vector<std::string> configs;  // --config: which configurations of a multi-config tree; "all"
};

// --manifest, --build-dir and --config on `cmd`.
void add_scope_options(CLI::App* cmd, scope_options& o);

// Every manifest under <build>/tune/ (one per scope, and per configuration with multi-config),
// of the configurations --config names. A tree with several configurations needs --config: a
// table that silently mixed them, or an explain that picked one, would not say what runs.
std::vector<std::filesystem::path> find_manifests(const scope_options& o);

// Whether `m`'s sidecar counts for this build on `box` (on the runner's machine when the scope's
// bench runs through one, mint/machine.h), and why (mint::judge_scope): what status, verdict and
// explain each say of a scope.
sidecar::judgement judge_sidecar(const manifest& m, const box::box_info& box);

// The scope whose archived mints belong to `m`'s tree (sidecar::tree_history): its name, its
// configuration in a multi-config tree, and its bench.
sidecar::tree_scope tree_scope_of(const manifest& m);

}  // namespace tune::cli
