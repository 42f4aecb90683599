// `tune verdict`: whether each scope's sidecar counts for this build and why (sidecar/verdict.h),
// as text or JSON; exit 3 when a scope is not fresh.
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "box/identity.h"
#include "cli/commands.h"
#include "cli/scopes.h"
#include "manifest/manifest.h"
#include "sidecar/verdict.h"
#include "util/json_file.h"

namespace tune::cli {

namespace {

struct verdict_args {
  scope_options scopes;
  bool json = false;
};

// `tune verdict`: per scope, whether its sidecar counts for this build and why; --json gives
// {"box", "scopes": [{"scope", "config", "multi_config", "sidecar", "verdict", "verdict_message"}]}.
int cmd_verdict(const scope_options& o, bool as_json) {
  const auto box = box::this_box();
  bool fresh = true;
  auto doc = nlohmann::json{{"box", box.identity}, {"scopes", nlohmann::json::array()}};
  for (const auto& path : find_manifests(o)) {
    const auto m = load_manifest(path);
    const auto v = judge_sidecar(m, box);
    fresh = fresh && v.v == sidecar::verdict::fresh;
    if (as_json)
      doc["scopes"].push_back({{"scope", m.scope},
                               {"config", m.config},
                               {"multi_config", m.multi_config},
                               {"sidecar", sidecar_path(m).string()},
                               {"verdict", sidecar::to_string(v.v)},
                               {"verdict_message", v.message}});
    else
      std::cout << fmt::format("{}: {}\n", m.scope, v.message);
  }
  if (as_json) std::cout << util::json_text(doc) << "\n";
  return fresh ? 0 : exit_not_fresh;
}

}  // namespace

void register_verdict_command(CLI::App& app) {
  auto a = std::make_shared<verdict_args>();
  auto* verdict = app.add_subcommand("verdict",
                                     "Whether the sidecar counts for this build, per scope, and why "
                                     "(exit 3 when a scope is not fresh)");
  add_scope_options(verdict, a->scopes);
  verdict->add_flag("--json", a->json, "Machine-readable: per scope, the verdict and its message");
  verdict->callback([a] { exit_code() = cmd_verdict(a->scopes, a->json); });
}

}  // namespace tune::cli
