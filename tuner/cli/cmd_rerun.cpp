// `tune rerun`: rebuild one recorded row, gate it and time it against its family's seat; a thin
// layer over mint/rerun.h.
#include <memory>
#include <string>

#include "cli/commands.h"
#include "cli/scopes.h"
#include "mint/rerun.h"

namespace tune::cli {

namespace {

struct rerun_args {
  scope_options scopes;
  std::string impl_hash;
  std::string seat;
};

}  // namespace

void register_rerun_command(CLI::App& app) {
  auto a = std::make_shared<rerun_args>();
  auto* rerun = app.add_subcommand(
      "rerun", "Rebuild one recorded row, gate it and time it against its family's seat, beside what was recorded");
  add_scope_options(rerun, a->scopes);
  rerun->add_option("impl_hash", a->impl_hash, "The row's impl_hash (at least its first 8 hex digits)")->required();
  rerun->add_option("--seat", a->seat,
                    "The seat whose race recorded the row, e.g. sgemm@small: a family with SHAPES races each row "
                    "once per shape");
  rerun->callback([a] { exit_code() = mint::rerun_command(find_manifests(a->scopes), a->impl_hash, a->seat); });
}

}  // namespace tune::cli
