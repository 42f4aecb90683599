#pragma once
// `tune mint`: what the build's targets call. Per scope: the sidecar's verdict, the policy,
// a mint when the policy says so (or always, for the `tune` targets), then the stamp. What to do
// is decided in mint/scope_decision.h; this carries it out.
#include <filesystem>
#include <vector>

#include "box/identity.h"
#include "manifest/manifest.h"
#include "mint/scope_decision.h"
#include "mint/selection.h"
#include "sidecar/verdict.h"

namespace tune::mint {

// The scope's verdict (sidecar/verdict.h) against this build and this box as it is now: its
// identity and its features, TUNE_FORCE_FEATURES applied; `emulated` for a cross build whose bench
// runs under an emulator. Every command asks it this way.
sidecar::judgement judge_scope(const manifest& m, const sidecar::loaded& file, const box::box_info& box);

// Returns the process exit code: 0, or 1 when the build must fail (the reason is printed). An
// active `only` (mint/selection.h) applies to mint_mode::always, the `tune` targets; the stamp
// step of a build mints what its policy says, whatever TUNE_ONLY holds.
// `all` (`tune mint --all`, TUNE_ALL for the `tune` targets) races every family, not only those
// whose code changed since their last race on this box (mint/incremental.h); `only_new` (`tune
// mint --only-new`) races only the rows of those families never measured here (race_only_new).
int mint_command(const std::vector<std::filesystem::path>& manifests, mint_mode mode, const family_selection& only = {},
                 bool all = false, bool only_new = false);

}  // namespace tune::mint
