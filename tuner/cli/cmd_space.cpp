// `tune space export <family>`: the family's measured space as a file other tools read
// (report/space_export.h): a search landscape (tune-search-landscape/1, which tune-search-bench
// and bench/search/compare.py replay) or T4 results (--format t4).
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/commands.h"
#include "cli/scopes.h"
#include "manifest/manifest.h"
#include "report/space_export.h"
#include "sidecar/verdict.h"
#include "util/atomic_file.h"

namespace tune::cli {

namespace {

struct space_args {
  scope_options scopes;
  std::string family;
  std::filesystem::path out;
  std::string format = "landscape";
};

int export_space(const space_args& a) {
  std::vector<std::string> names;
  for (const auto& path : find_manifests(a.scopes)) {
    const auto m = load_manifest(path);
    for (const auto& f : m.families) names.push_back(f.name);
    const family_decl* family = m.family(a.family);
    if (!family) continue;
    const auto file = sidecar::load(sidecar_path(m));
    const race::race_table* race = file.doc ? file.doc->race_of(family->name) : nullptr;
    if (!race || !race->timed())
      throw std::runtime_error(
          fmt::format("family {} has no race in {} to export{}; race it first: {}", family->name, file.path.string(),
                      file.doc ? "" : fmt::format(" ({})", file.absent ? "the sidecar does not exist" : file.error),
                      tune_command(m)));
    std::string text;
    if (a.format == "t4") {
      const std::string when = race->measured ? *race->measured : file.doc->provenance.written.value_or("");
      text = report::t4_of(*family, *race, when).dump(2);
    } else {
      text = search::to_json(report::landscape_of(*family, *race)).dump(2);
    }
    util::write_file_atomic(a.out, text + "\n");
    return 0;
  }
  throw std::runtime_error(fmt::format("tune space export: no family {} in this build tree; its families are: {}",
                                       a.family, fmt::join(names, ", ")));
}

}  // namespace

void register_space_commands(CLI::App& app) {
  auto* space = app.add_subcommand("space", "A family's measured space, for other tools");
  space->require_subcommand(1);
  auto a = std::make_shared<space_args>();
  auto* cmd = space->add_subcommand(
      "export", "Write a family's raced rows on its axes: a search landscape (tune-search-landscape/1) or T4 results");
  cmd->add_option("family", a->family, "The family (a seat of a family with SHAPES: <family>@<shape>)")->required();
  cmd->add_option("-o,--out", a->out, "The file to write")->required();
  cmd->add_option("--format", a->format, "landscape (default) or t4")->check(CLI::IsMember({"landscape", "t4"}));
  add_scope_options(cmd, a->scopes);
  cmd->callback([a] { exit_code() = export_space(*a); });
}

}  // namespace tune::cli
