// `tune report`: the build tree's page (report/page.h) from the same records status, explain and
// history read: each scope's manifest, sidecar and stamp record, and the archive of its mints.
#include <chrono>
#include <iostream>
#include <list>
#include <memory>

#include <fmt/format.h>

#include "box/identity.h"
#include "cli/commands.h"
#include "cli/scopes.h"
#include "manifest/manifest.h"
#include "mint/build_step.h"
#include "mint/machine.h"
#include "report/page.h"
#include "sidecar/format.h"
#include "sidecar/history.h"
#include "sidecar/verdict.h"
#include "stamp/describe_rows.h"
#include "stamp/write.h"
#include "util/atomic_file.h"
#include "util/utc_time.h"

namespace tune::cli {

namespace {

struct report_args {
  scope_options scopes;
  std::filesystem::path out;  // default: <build-dir>/tune-report.html
};

int cmd_report(const scope_options& o, std::filesystem::path out) {
  const auto manifests = find_manifests(o);
  // What the views point into lives here, in lists so the pointers stay put.
  std::list<manifest> scopes;
  std::list<sidecar::loaded> sidecars;
  std::list<stamp::stamp_record> records;
  std::vector<sidecar::tree_scope> tree;
  for (const auto& path : manifests) {
    const auto& m = scopes.emplace_back(load_manifest(path));
    tree.push_back(tree_scope_of(m));
  }
  // The machine the tree's benches run on: this box, or a runner's (one for the whole tree).
  const auto box = mint::machine_of(scopes.front(), box::this_box());
  // The page is still worth having when the archive cannot be read; it says why instead.
  std::vector<sidecar::tree_mint> history;
  std::string history_problem;
  try {
    history = sidecar::tree_history(box.identity, tree);
  } catch (const std::runtime_error& e) {  // history.h's own messages: no folder to go by, cannot list it
    history_problem = e.what();
  }

  report::page_input page;
  page.box = box.identity;
  page.cls = box.cls;
  page.generated = util::utc_iso8601(std::chrono::system_clock::now());
  page.tool = sidecar::tool_name();
  // The tree the manifests were configured in, however they were named.
  page.build_dir = scopes.front().build_dir;
  for (const auto& m : scopes) {
    const auto& file = sidecars.emplace_back(sidecar::load(sidecar_path(m)));
    const auto verdict = mint::judge_scope(m, file, box);
    const auto record = stamp::read_stamp_record(m);
    const auto* stamped = record ? &records.emplace_back(*record) : nullptr;
    report::scope_view s;
    s.scope = m.scope;
    s.config = m.multi_config ? m.config : "";
    s.verdict = verdict.v;
    s.verdict_message = verdict.message;
    s.history_problem = history_problem;
    s.sidecar = sidecar_path(m);
    s.doc = file.doc ? &*file.doc : nullptr;
    for (const auto& f : m.families) {
      report::family_view v{f.name, s.doc ? s.doc->race_of(f.name) : nullptr, nullptr, std::nullopt};
      if (stamped && stamped->families.count(f.name)) v.stamped = &stamped->families.at(f.name);
      v.generated = stamp::read_generated_rows(stamp::generate_meta_path(s.sidecar, f));
      s.families.push_back(v);
    }
    s.history = sidecar::mints_of(history, s.scope, s.config);
    page.scopes.push_back(std::move(s));
  }
  const std::string html = report::render_page(page);
  if (out.empty()) out = page.build_dir / "tune-report.html";
  util::write_file_atomic(out, html);
  std::size_t families = 0;
  for (const auto& s : page.scopes) families += s.families.size();
  std::cout << fmt::format("wrote {} ({} KB: {} scope{}, {} famil{})\n", out.string(), (html.size() + 1023) / 1024,
                           page.scopes.size(), page.scopes.size() == 1 ? "" : "s", families,
                           families == 1 ? "y" : "ies");
  return 0;
}

}  // namespace

void register_report_command(CLI::App& app) {
  auto a = std::make_shared<report_args>();
  auto* cmd = app.add_subcommand(
      "report", "Write one self-contained HTML page of the tree's tune: every race as a chart, rates, history");
  add_scope_options(cmd, a->scopes);
  cmd->add_option("--out", a->out, "Where to write the page (default: <build-dir>/tune-report.html)");
  cmd->callback([a] { exit_code() = cmd_report(a->scopes, a->out); });
}

}  // namespace tune::cli
