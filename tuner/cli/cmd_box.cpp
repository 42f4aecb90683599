// `tune box`: this box's identity, CPU features, class and class ladder (docs/profiles-and-policy.md).
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "box/classes.h"
#include "box/features.h"
#include "box/identity.h"
#include "cli/commands.h"
#include "util/error_text.h"
#include "util/json_file.h"

namespace tune::cli {

namespace {

struct box_args {
  bool json = false;
};

void print_box(bool as_json) {
  const auto box = box::this_box();
  const auto steps = box::ladder(box.cls);
  const char* forced = std::getenv("TUNE_FORCE_FEATURES");
  const bool is_forced = forced != nullptr && *forced != '\0';
  if (as_json) {
    const nlohmann::json out = {{"identity", box.identity},
                                {"platform", box.platform},
                                {"arch", box.arch},
                                {"features", std::vector<std::string>(box.features.begin(), box.features.end())},
                                {"class", box.cls},
                                {"ladder", steps},
                                {"forced", is_forced ? nlohmann::json(forced) : nlohmann::json(nullptr)}};
    fmt::print("{}\n", util::json_text(out));
    return;
  }
  fmt::print("identity  {}\n", box.identity);
  fmt::print("features  {}\n", box.features.empty() ? "(none)" : fmt::format("{}", fmt::join(box.features, " ")));
  fmt::print("class     {}\n", box.cls);
  fmt::print("ladder    {}\n", fmt::join(steps, " -> "));
  // Forced features change the class and every runnable judgement: say so where it is read.
  if (is_forced) fmt::print("forced    TUNE_FORCE_FEATURES={}\n", util::shown(forced));
}

}  // namespace

void register_box_command(CLI::App& app) {
  auto a = std::make_shared<box_args>();
  auto* cmd = app.add_subcommand("box", "Print this box's identity, CPU features, class and class ladder");
  cmd->add_flag("--json", a->json, "Print one JSON object instead of text");
  cmd->callback([a] { print_box(a->json); });
}

}  // namespace tune::cli
