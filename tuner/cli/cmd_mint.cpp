// `tune mint`: race kernel families on this box and stamp the winners; a thin layer over
// mint/build_step.h and mint/selection.h.
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/scopes.h"
#include "mint/build_step.h"
#include "mint/selection.h"

namespace tune::cli {

namespace {

struct mint_args {
  scope_options scopes;
  bool when_needed = false;
  std::vector<std::string> only;
  bool all = false;
  bool only_new = false;
};

}  // namespace

void register_mint_command(CLI::App& app) {
  auto a = std::make_shared<mint_args>();
  auto* mint = app.add_subcommand(
      "mint", "Race kernel families on this box and stamp the winners (what the build's targets run)");
  add_scope_options(mint, a->scopes);
  mint->add_flag("--when-needed", a->when_needed,
                 "The build's stamp step: mint only when the sidecar is not fresh and the policy is auto");
  mint->add_option("--only", a->only,
                   "Race only the families whose name contains a token (comma-separated or repeated): the others "
                   "keep what a fresh sidecar has, or stay unmeasured (the scope incomplete) without one. Without "
                   "it, the environment's TUNE_ONLY")
      ->excludes("--when-needed");
  mint->add_flag("--all", a->all,
                 "Race every family, not only those whose code changed since their last race on this box. Without "
                 "it, the environment's TUNE_ALL=1")
      ->excludes("--when-needed")
      ->excludes("--only");
  mint->add_flag("--only-new", a->only_new,
                 "Race only rows never measured on this box (new rows, rows whose code changed), each family's "
                 "against its seat, fallback chain and reference; its other rows keep their last results")
      ->excludes("--when-needed")
      ->excludes("--only")
      ->excludes("--all");
  mint->callback([a] {
    // --only-new narrows a re-mint; TUNE_ALL or TUNE_ONLY in the environment would widen or
    // replace it without a word.
    if (a->only_new &&
        (mint::all_of(false, std::getenv("TUNE_ALL")) || mint::selection_of({}, std::getenv("TUNE_ONLY")).active())) {
      throw std::invalid_argument(
          "--only-new with TUNE_ALL or TUNE_ONLY set in the environment: unset them, or leave out --only-new");
    }
    // The stamp step of a build mints what its policy says: TUNE_ONLY and TUNE_ALL are for the
    // `tune` targets.
    exit_code() = a->when_needed ? mint::mint_command(find_manifests(a->scopes), mint::mint_mode::when_needed)
                                 : mint::mint_command(find_manifests(a->scopes), mint::mint_mode::always,
                                                      mint::selection_of(a->only, std::getenv("TUNE_ONLY")),
                                                      mint::all_of(a->all, std::getenv("TUNE_ALL")), a->only_new);
  });
}

}  // namespace tune::cli
