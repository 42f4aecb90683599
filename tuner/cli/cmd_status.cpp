// `tune status`: every family's stamped row, its source, verdict and margin, as text or as the
// document docs/cmake-api.md describes; with --check, an exit code for CI. Reads the manifests,
// the stamp records (stamp/write.h) and the sidecars.
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "box/identity.h"
#include "cli/commands.h"
#include "cli/scopes.h"
#include "manifest/manifest.h"
#include "mint/machine.h"
#include "race/table.h"
#include "sidecar/document.h"
#include "sidecar/verdict.h"
#include "stamp/describe.h"
#include "stamp/describe_rows.h"
#include "stamp/write.h"
#include "util/json_file.h"
#include "util/json_members.h"

namespace tune::cli {

namespace {

struct status_args {
  scope_options scopes;
  bool json = false;
  bool check = false;
};

std::string measured_when(const manifest& m) {
  const auto file = sidecar::load(sidecar_path(m));
  if (!file.doc) return "-";
  return file.doc->provenance.written.value_or("-");
}

// What `tune status` reports, built once and shown as text or, with --json, as the document
// docs/cmake-api.md describes ("The tune tool and CI").
struct family_status {
  std::optional<stamp::family_entry> stamped;            // nullopt: not stamped yet
  bool tuned = false;                                    // stamped from this box's sidecar
  bool measured_here = false;                            // and measured on it (stamp::family_entry)
  std::map<std::string, race::row_failure> failed_rows;  // "<function>__<suffix>" -> stage, detail
  std::optional<race::work_record> work;                 // the fixture's work per call, for the rate
  std::optional<stamp::generated_rows> generated;        // the rows its GENERATOR proposed
};

struct scope_status {
  std::string scope, config;
  bool multi_config = false;
  std::filesystem::path manifest, sidecar;
  sidecar::verdict verdict = sidecar::verdict::absent;
  std::string verdict_message, measured;
  bool complete = true;       // every family tuned
  bool measured_here = true;  // every family measured here: what --check gates on
  bool stamped = false;
  std::map<std::string, family_status> families;
  std::string tune_command;
  // "aarch64, a cross build: stamps for arm-neon", or the runner's machine; empty for a build for this box
  std::string target_text;
};

struct status_report {
  std::string box, cls;
  std::vector<scope_status> scopes;
};

void to_json(nlohmann::json& out, const family_status& f) {
  const auto* e = f.stamped ? &*f.stamped : nullptr;
  out = {{"stamped", e ? nlohmann::json(e->suffix) : nlohmann::json()},
         {"source", e ? nlohmann::json(e->source) : nlohmann::json()},
         {"why", e ? nlohmann::json(e->why) : nlohmann::json()},
         {"margin_pct", e ? util::or_null(e->margin_pct) : nlohmann::json()},
         {"demoted", e ? util::or_null(e->demoted) : nlohmann::json()},
         {"demoted_margin_pct", e ? util::or_null(e->demoted_margin_pct) : nlohmann::json()},
         {"median_ns", e ? util::or_null(e->median_ns) : nlohmann::json()},
         {"rate", e ? stamp::rate_json(f.work, e->median_ns) : nlohmann::json()},
         {"generated", f.generated ? nlohmann::json(*f.generated) : nlohmann::json()},
         {"problems", e ? e->problems : std::vector<std::string>{}},
         {"tuned", f.tuned},
         {"measured_here", f.measured_here},
         {"failed_rows", nlohmann::json::object()}};
  for (const auto& [row, why] : f.failed_rows) out["failed_rows"][row] = {{"stage", why.stage}, {"detail", why.detail}};
}

void to_json(nlohmann::json& out, const scope_status& s) {
  out = {{"scope", s.scope},
         {"config", s.config},
         {"multi_config", s.multi_config},
         {"manifest", s.manifest.string()},
         {"sidecar", s.sidecar.string()},
         {"verdict", sidecar::to_string(s.verdict)},
         {"verdict_message", s.verdict_message},
         {"measured", s.measured},
         {"complete", s.complete},
         {"measured_here", s.measured_here},
         {"stamped", s.stamped},
         {"families", s.families},
         {"tune_command", s.tune_command},
         {"target", s.target_text}};
}

void to_json(nlohmann::json& out, const status_report& r) {
  out = {{"box", r.box}, {"class", r.cls}, {"scopes", r.scopes}};
}

status_report status_of(const std::vector<std::filesystem::path>& manifests, const box::box_info& box) {
  status_report out{box.identity, box.cls, {}};
  for (const auto& path : manifests) {
    const auto m = load_manifest(path);
    const auto verdict = judge_sidecar(m, box);
    const auto record = stamp::read_stamp_record(m);
    const auto file = sidecar::load(sidecar_path(m));
    scope_status s;
    s.scope = m.scope;
    s.config = m.config;
    s.multi_config = m.multi_config;
    s.manifest = path;
    s.sidecar = sidecar_path(m);
    s.verdict = verdict.v;
    s.verdict_message = verdict.message;
    s.measured = measured_when(m);
    s.stamped = record.has_value();
    s.tune_command = stamp::optimized_tune_command(m);
    if (m.target.how == target_machine::run::runner) {
      const auto machine = mint::machine_of(m, box);
      s.target_text = fmt::format("{}, bench through {} (TUNE_TARGET_RUNNER) on box {}, class {}", m.target.arch,
                                  mint::runner_text(m), machine.identity, machine.cls);
    } else if (m.target.cross)
      s.target_text =
          fmt::format("{}, a cross build ({}): stamps for {}", m.target.arch,
                      m.target.how == target_machine::run::emulator ? "bench under an emulator" : "bench not run here",
                      stamped_class(m));
    for (const auto& f : m.families) {
      // What the stamp record says (stamp/describe.h): the same words as the header and the program.
      family_status fs;
      if (record && record->families.count(f.name)) fs.stamped = record->families.at(f.name);
      fs.tuned = fs.stamped && fs.stamped->source == "sidecar";
      if (file.doc) fs.failed_rows = sidecar::failed_rows(*file.doc, f.name);
      if (const auto* race = file.doc ? file.doc->race_of(f.name) : nullptr) fs.work = race->work;
      fs.generated = stamp::read_generated_rows(stamp::generate_meta_path(s.sidecar, f));
      fs.measured_here = fs.stamped && fs.stamped->measured_here;
      s.complete = s.complete && fs.tuned;
      s.measured_here = s.measured_here && fs.measured_here;
      s.families[f.name] = std::move(fs);
    }
    out.scopes.push_back(std::move(s));
  }
  return out;
}

int check_code(const status_report& status) {
  bool fresh = true, complete = true;
  for (const auto& s : status.scopes) {
    fresh = fresh && s.verdict == sidecar::verdict::fresh;
    complete = complete && s.measured_here;
  }
  return !fresh ? exit_not_fresh : !complete ? exit_incomplete : 0;
}

int cmd_status(const scope_options& o, bool as_json, bool check) {
  const auto box = box::this_box();
  const auto status = status_of(find_manifests(o), box);
  const int code = check ? check_code(status) : 0;
  if (as_json) {
    std::cout << util::json_text(nlohmann::json(status)) << "\n";
    return code;
  }
  std::cout << fmt::format("box: {}\nclass: {}\n", status.box, status.cls);
  // A cross build stamps for its target, not for this box (docs/cmake-api.md "Cross-compiling").
  std::set<std::string> targets;
  for (const auto& s : status.scopes)
    if (!s.target_text.empty()) targets.insert(s.target_text);
  for (const auto& target : targets) std::cout << fmt::format("target: {}\n", target);
  std::cout << "\n";
  std::set<std::string> configs;
  for (const auto& s : status.scopes)
    if (s.multi_config) configs.insert(s.config);
  const bool by_config = configs.size() > 1;
  std::cout << stamp::status_header(by_config);
  std::vector<manifest> manifests;
  std::vector<stamp::scope_standing> standings;
  for (const auto& s : status.scopes) {
    for (const auto& [name, f] : s.families)
      std::cout << stamp::status_row(s.scope, name, f.stamped ? &*f.stamped : nullptr, sidecar::to_string(s.verdict),
                                     s.measured, by_config ? s.config : "");
    manifests.push_back(load_manifest(s.manifest));
  }
  for (std::size_t i = 0; i < status.scopes.size(); ++i)
    standings.push_back({&manifests[i], status.scopes[i].verdict, status.scopes[i].measured_here});
  for (const auto& s : status.scopes)
    for (const auto& [name, f] : s.families)
      if (!f.failed_rows.empty()) {
        std::cout << fmt::format("\n{}: {} row(s) failed in the last race and were left out (tune explain {}):\n", name,
                                 f.failed_rows.size(), name);
        for (const auto& [row, why] : f.failed_rows)
          std::cout << fmt::format("  {:<32} {}: {}\n", row, why.stage, why.detail);
      }
  for (const auto& s : status.scopes)
    for (const auto& [name, f] : s.families)
      if (f.generated && !f.generated->basis.empty()) {
        // A loop, not std::views::keys: Clang 14 (the sanitizer build) cannot take libstdc++ 12's ranges.
        std::vector<std::string> rows;
        for (const auto& [row, basis] : f.generated->basis) rows.push_back(row);
        std::cout << fmt::format("\n{}: {} row(s) proposed by its GENERATOR (tune explain {}): {}\n", name, rows.size(),
                                 name, fmt::join(rows, ", "));
      }
  for (const auto& s : status.scopes)
    if (s.verdict != sidecar::verdict::fresh) std::cout << fmt::format("\n{}: {}", s.scope, s.verdict_message);
  std::cout << stamp::status_closing(standings);
  return code;
}

}  // namespace

void register_status_command(CLI::App& app) {
  auto a = std::make_shared<status_args>();
  auto* status = app.add_subcommand("status", "Every family's stamped row, its source, verdict and margin");
  add_scope_options(status, a->scopes);
  status->add_flag("--json", a->json, "Machine-readable: per scope, per-family completeness and verdict");
  status->add_flag("--check", a->check,
                   "Exit 3 when a scope is not fresh, 4 when one is fresh but incomplete (for CI to gate on)");
  status->callback([a] { exit_code() = cmd_status(a->scopes, a->json, a->check); });
}

}  // namespace tune::cli
