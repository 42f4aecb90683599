// `tune mint`, `tune status`, `tune verdict`, `tune explain` (and, beside them, `tune profile
// export`): thin layers over mint/, stamp/, profile/ and sidecar/.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "box/identity.h"
#include "cli/cmd_profile.h"
#include "cli/commands.h"
#include "cli/scopes.h"
#include "manifest/manifest.h"
#include "mint/build_step.h"
#include "mint/rerun.h"
#include "race/table.h"
#include "sidecar/format.h"
#include "sidecar/verdict.h"
#include "stamp/describe.h"
#include "stamp/describe_rows.h"
#include "stamp/write.h"
#include "util/json_file.h"
#include "util/json_members.h"

namespace tune::cli {

namespace {

sidecar::judgement judge(const manifest& m, const box::box_info& box) {
  return mint::judge_scope(m, sidecar::load(sidecar_path(m)), box);
}

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
  std::string verdict, verdict_message, measured;
  bool complete = true;       // every family tuned
  bool measured_here = true;  // every family measured here: what --check gates on
  bool stamped = false;
  std::map<std::string, family_status> families;
  std::string tune_command;
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
         {"verdict", s.verdict},
         {"verdict_message", s.verdict_message},
         {"measured", s.measured},
         {"complete", s.complete},
         {"measured_here", s.measured_here},
         {"stamped", s.stamped},
         {"families", s.families},
         {"tune_command", s.tune_command}};
}

void to_json(nlohmann::json& out, const status_report& r) {
  out = {{"box", r.box}, {"class", r.cls}, {"scopes", r.scopes}};
}

status_report status_of(const std::vector<std::filesystem::path>& manifests, const box::box_info& box) {
  status_report out{box.identity, box.cls, {}};
  for (const auto& path : manifests) {
    const auto m = load_manifest(path);
    const auto verdict = judge(m, box);
    const auto record = stamp::read_stamp_record(m);
    const auto file = sidecar::load(sidecar_path(m));
    scope_status s;
    s.scope = m.scope;
    s.config = m.config;
    s.multi_config = m.multi_config;
    s.manifest = path;
    s.sidecar = sidecar_path(m);
    s.verdict = sidecar::to_string(verdict.v);
    s.verdict_message = verdict.message;
    s.measured = measured_when(m);
    s.stamped = record.has_value();
    s.tune_command = stamp::optimized_tune_command(m);
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

// Exit codes of `tune verdict` and `tune status --check` (docs/cmake-api.md, "The `tune` tool and CI").
constexpr int exit_not_fresh = 3;   // some scope's verdict is not fresh
constexpr int exit_incomplete = 4;  // every scope is fresh, but some family does not run a winner measured here

int check_code(const status_report& status) {
  bool fresh = true, complete = true;
  for (const auto& s : status.scopes) {
    fresh = fresh && s.verdict == "fresh";
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
  std::cout << fmt::format("box: {}\nclass: {}\n\n", status.box, status.cls);
  std::set<std::string> configs;
  for (const auto& s : status.scopes)
    if (s.multi_config) configs.insert(s.config);
  const bool by_config = configs.size() > 1;
  std::cout << stamp::status_header(by_config);
  std::vector<manifest> manifests;
  std::vector<stamp::scope_standing> standings;
  for (const auto& s : status.scopes) {
    for (const auto& [name, f] : s.families)
      std::cout << stamp::status_row(s.scope, name, f.stamped ? &*f.stamped : nullptr, s.verdict, s.measured,
                                     by_config ? s.config : "");
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
    if (s.verdict != "fresh") std::cout << fmt::format("\n{}: {}", s.scope, s.verdict_message);
  std::cout << stamp::status_closing(standings);
  return code;
}

// `tune verdict`: per scope, whether its sidecar counts for this build and why; --json gives
// {"box", "scopes": [{"scope", "config", "multi_config", "sidecar", "verdict", "verdict_message"}]}.
int cmd_verdict(const scope_options& o, bool as_json) {
  const auto box = box::this_box();
  bool fresh = true;
  auto doc = nlohmann::json{{"box", box.identity}, {"scopes", nlohmann::json::array()}};
  for (const auto& path : find_manifests(o)) {
    const auto m = load_manifest(path);
    const auto v = judge(m, box);
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

// The rows' hardware counts per call, or why the race could not count them.
void print_counters(const race::race_table& race) {
  if (race.counters_unavailable)
    std::cout << "\n  hardware counters not counted: " << race::counters_unavailable_text(*race.counters_unavailable)
              << "\n";
  bool header = false;
  for (const auto& [suffix, row] : race.rows) {
    if (!row.counters) continue;
    if (!header) std::cout << fmt::format("\n  hardware counters per call, over the row's windows:\n  {:<24}", "row");
    std::string line = fmt::format("  {:<24}", suffix);
    for (const char* event : race::counter_events) {
      if (!header) std::cout << fmt::format(" {:>14}", event);
      const auto it = row.counters->find(event);
      line += fmt::format(" {:>14}", it == row.counters->end() ? "-" : race::count_text(it->second));
    }
    if (!header) std::cout << "\n";
    header = true;
    std::cout << line << "\n";
  }
}

// The sidecar's race table of a family, as `tune explain` shows it under "last race": the timed
// rows fastest first with the middle half of their rounds (the report's order), then the others;
// a row the family's GENERATOR proposed says so, with the generator's basis.
void print_last_race(const race::race_table& race, const std::filesystem::path& sidecar,
                     const stamp::generated_rows* generated) {
  const auto or_unknown = [](const std::string& v) { return v.empty() ? std::string("?") : v; };
  if (race.timed() || race.adopted())
    std::cout << fmt::format("\nlast race ({}): winner {} over fallback {}, verdict {}, need {:.1f}%\n",
                             sidecar.string(), or_unknown(race.winner), or_unknown(race.fallback),
                             or_unknown(race.verdict), race.need_pct);
  else
    std::cout << fmt::format("\nlast race ({}): no row was timed; seat {}, verdict {}\n", sidecar.string(),
                             or_unknown(race.winner), or_unknown(race.verdict));
  if (!race.adopted()) std::cout << "  " << race.note << "\n";
  if (race.search) std::cout << "  " << race::search_text(*race.search) << "\n";
  // A rate per row when the fixture declared one call's work (fx.work): at the row's median.
  const auto rate = [&](const race::race_row& row) {
    return race.work && row.median_ns ? fmt::format(" {:>16}", race::rate_text(*race.work, *row.median_ns))
                                      : std::string(race.work ? 17 : 0, ' ');
  };
  std::cout << fmt::format("\n  {:<24} {:>12} {:>12} {:>7}{}  {:<28}  {}\n", "row", "median ns", "best ns", "rounds",
                           race.work ? fmt::format(" {:>16}", "rate") : std::string(), "spread (middle half)", "");
  auto order = stamp::rows_by_time(race);
  for (const auto& [suffix, row] : race.rows)
    if (!row.median_ns) order.push_back(suffix);
  for (const auto& suffix : order) {
    const auto& row = race.rows.at(suffix);
    const auto proposed = [&] {
      if (!generated) return;
      if (const auto it = generated->basis.find(suffix); it != generated->basis.end())
        std::cout << fmt::format("  {:<24} proposed by the GENERATOR: {}\n", "", it->second);
    };
    const auto* failure = row.last_fail_reason ? &*row.last_fail_reason : nullptr;
    const auto diagnostic = [failure] {
      if (!failure || failure->diagnostic.empty()) return;
      std::istringstream lines(failure->diagnostic);
      for (std::string line; std::getline(lines, line);) std::cout << "       | " << line << "\n";
    };
    if (row.same_code_as) {
      std::cout << fmt::format("  {:<24} same code as {}{}\n", suffix, *row.same_code_as,
                               race::time_of(race, suffix) ? ", raced for both" : "");
      proposed();
      continue;
    }
    if (row.rejected) {
      std::cout << fmt::format("  {:<24} {}: {}\n", suffix, failure ? "failed" : "rejected", *row.rejected);
      diagnostic();
      proposed();
      continue;
    }
    const auto num = [](const std::optional<double>& v) { return v ? fmt::format("{:.1f}", *v) : std::string("-"); };
    std::cout << fmt::format("  {:<24} {:>12} {:>12} {:>7}{}  {:<28}  {}\n", suffix, num(row.median_ns),
                             num(row.best_ns), row.rounds.value_or(0), rate(row), stamp::spread_text(row),
                             suffix == race.winner ? "<- winner" : "");
    proposed();
    if (row.carried_from)
      std::cout << fmt::format("  {:<24} measured by the mint of {}, not this one (tune mint --only-new)\n", "",
                               *row.carried_from);
    if (row.search_batch)
      std::cout << fmt::format("  {:<24} timed in batch {} of the family's search, not by its final race\n", "",
                               *row.search_batch);
    if (failure)
      std::cout << fmt::format("  {:<24} failed after it was timed: {}: {}\n", "", failure->stage, failure->detail);
  }
  print_counters(race);
  const auto companions = race.companion_races.value_or(std::map<std::string, race::race_table>{});
  if (!companions.empty()) std::cout << "\ncompanions:\n";
  for (const auto& [name, raced] : companions)
    std::cout << fmt::format("  {:<24} {} ({}, {})\n    {}\n", name, or_unknown(raced.winner),
                             or_unknown(raced.verdict), raced.timed() ? "raced against the family's seat" : "not timed",
                             raced.note);
}

// What `tune explain` reports about one family, built once and shown as text or, with --json, as
// the document docs/cmake-api.md describes: the declaration, what the stamp record says it runs
// and why, the scope's verdict now, and the last race table of the sidecar.
struct explain_report {
  std::string family, scope, reference;
  std::size_t rows = 0;
  std::vector<std::string> fallback_chain;
  std::optional<stamp::family_entry> stamped;  // nullopt: not stamped yet
  std::string stamp_verdict, policy;           // the scope's verdict and policy when it was stamped
  std::filesystem::path sidecar;
  std::string verdict_now, verdict_message_now;
  bool changed_since_stamp = false;  // the verdict message differs from the stamp's
  std::optional<race::race_table> last_race;
  std::optional<stamp::generated_rows> generated;  // the rows its GENERATOR proposed
};

void to_json(nlohmann::json& out, const explain_report& r) {
  out = {{"family", r.family},
         {"scope", r.scope},
         {"rows", r.rows},
         {"reference", r.reference},
         {"fallback_chain", r.fallback_chain},
         {"stamped", r.stamped ? nlohmann::json(*r.stamped) : nlohmann::json()},
         {"generated", r.generated ? nlohmann::json(*r.generated) : nlohmann::json()},
         {"stamp_verdict", r.stamped ? nlohmann::json(r.stamp_verdict) : nlohmann::json()},
         {"policy", r.stamped ? nlohmann::json(r.policy) : nlohmann::json()},
         {"sidecar", r.sidecar.string()},
         {"verdict_now", r.verdict_now},
         {"verdict_message_now", r.verdict_message_now},
         {"changed_since_stamp", r.changed_since_stamp},
         {"last_race", r.last_race ? nlohmann::json(*r.last_race) : nlohmann::json()}};
  // The stamp record keeps the seat's rate as text; every JSON output gives it as a number.
  if (r.stamped)
    out["stamped"]["rate"] = stamp::rate_json(r.last_race ? r.last_race->work : std::nullopt, r.stamped->median_ns);
}

std::optional<explain_report> explain_of(const scope_options& o, const std::string& family) {
  for (const auto& path : find_manifests(o)) {
    const auto m = load_manifest(path);
    const auto* decl = m.family(family);
    if (!decl) continue;
    explain_report r;
    r.family = family;
    r.scope = m.scope;
    r.rows = decl->rows.size();
    r.reference = decl->reference;
    r.fallback_chain = decl->fallback;
    r.sidecar = sidecar_path(m);
    const auto now = judge(m, box::this_box());
    r.verdict_now = sidecar::to_string(now.v);
    r.verdict_message_now = now.message;
    if (const auto record = stamp::read_stamp_record(m); record && record->families.count(family)) {
      r.stamped = record->families.at(family);
      r.stamp_verdict = record->verdict;
      r.policy = record->policy;
      // The record is what the binary was stamped with; the sidecar may have changed since.
      r.changed_since_stamp = now.message != record->verdict_message;
    }
    const auto file = sidecar::load(r.sidecar);
    if (const auto* race = file.doc ? file.doc->race_of(family) : nullptr) r.last_race = *race;
    r.generated = stamp::read_generated_rows(stamp::generate_meta_path(r.sidecar, *decl));
    return r;
  }
  return std::nullopt;
}

// The seats of the family with SHAPES whose public name is `family`, in order; empty for any other.
std::vector<std::string> shape_seats(const scope_options& o, const std::string& family) {
  for (const auto& path : find_manifests(o)) {
    std::vector<std::string> seats;
    for (const auto& f : load_manifest(path).families)
      if (f.function() == family && !f.shape().empty()) seats.push_back(f.name);
    if (!seats.empty()) return seats;
  }
  return {};
}

int cmd_explain(const scope_options& o, const std::string& family, bool as_json) {
  const auto r = explain_of(o, family);
  if (!r) {
    // A family with SHAPES has a seat per shape, each explained on its own.
    const auto seats = shape_seats(o, family);
    if (seats.empty()) throw std::runtime_error(fmt::format("no scope declares a family '{}'", family));
    if (as_json)
      throw std::runtime_error(
          fmt::format("family {} has a seat per shape; give one of {} with --json", family, fmt::join(seats, ", ")));
    for (std::size_t i = 0; i < seats.size(); ++i) {
      if (i) std::cout << "\n";
      if (const int rc = cmd_explain(o, seats[i], false)) return rc;
    }
    return 0;
  }
  if (as_json) {
    std::cout << util::json_text(nlohmann::json(*r)) << "\n";
    return 0;
  }
  std::cout << fmt::format("{} (scope {}, {} rows, reference {}, fallback chain {})\n", family, r->scope, r->rows,
                           r->reference, fmt::join(r->fallback_chain, " → "));
  if (!r->stamped) {
    std::cout << fmt::format("not stamped yet: build the project once.\nthe sidecar now: {}\n", r->verdict_message_now);
    return 0;
  }
  std::cout << "\n" << stamp::explain_line(*r->stamped, r->stamp_verdict, r->policy) << "\n";
  std::cout << "\nstamp order:\n";
  for (const auto& step : r->stamped->steps) std::cout << "  - " << step << "\n";
  if (r->changed_since_stamp)
    std::cout << fmt::format(
        "\nsince the stamp: {}\n  The binary runs what it was stamped with until the next build.\n",
        r->verdict_message_now);
  if (r->last_race) print_last_race(*r->last_race, r->sidecar, r->generated ? &*r->generated : nullptr);
  if (r->generated && !r->last_race && !r->generated->basis.empty()) {
    std::cout << "\nproposed by the GENERATOR, not raced yet:\n";
    for (const auto& [suffix, basis] : r->generated->basis) std::cout << fmt::format("  {:<24} {}\n", suffix, basis);
  }
  return 0;
}

}  // namespace

void register_mint_commands(CLI::App& app) {
  static scope_options mint_opts, status_opts, verdict_opts, explain_opts;
  static bool when_needed = false, as_json = false, check = false, explain_json = false, verdict_json = false;
  static std::string family;

  auto* mint = app.add_subcommand(
      "mint", "Race kernel families on this box and stamp the winners (what the build's targets run)");
  add_scope_options(mint, mint_opts);
  mint->add_flag("--when-needed", when_needed,
                 "The build's stamp step: mint only when the sidecar is not fresh and the policy is auto");
  static std::vector<std::string> only;
  mint->add_option("--only", only,
                   "Race only the families whose name contains a token (comma-separated or repeated): the others "
                   "keep what a fresh sidecar has, or stay unmeasured (the scope incomplete) without one. Without "
                   "it, the environment's TUNE_ONLY")
      ->excludes("--when-needed");
  static bool all = false;
  mint->add_flag("--all", all,
                 "Race every family, not only those whose code changed since their last race on this box. Without "
                 "it, the environment's TUNE_ALL=1")
      ->excludes("--when-needed")
      ->excludes("--only");
  static bool only_new = false;
  mint->add_flag("--only-new", only_new,
                 "Race only rows never measured on this box (new rows, rows whose code changed), each family's "
                 "against its seat, fallback chain and reference; its other rows keep their last results")
      ->excludes("--when-needed")
      ->excludes("--only")
      ->excludes("--all");
  mint->callback([] {
    // --only-new narrows a re-mint; TUNE_ALL or TUNE_ONLY in the environment would widen or
    // replace it without a word.
    if (only_new &&
        (mint::all_of(false, std::getenv("TUNE_ALL")) || mint::selection_of({}, std::getenv("TUNE_ONLY")).active())) {
      throw std::invalid_argument(
          "--only-new with TUNE_ALL or TUNE_ONLY set in the environment: unset them, or leave out --only-new");
    }
    // The stamp step of a build mints what its policy says: TUNE_ONLY and TUNE_ALL are for the
    // `tune` targets.
    exit_code() = when_needed ? mint::mint_command(find_manifests(mint_opts), mint::mint_mode::when_needed)
                              : mint::mint_command(find_manifests(mint_opts), mint::mint_mode::always,
                                                   mint::selection_of(only, std::getenv("TUNE_ONLY")),
                                                   mint::all_of(all, std::getenv("TUNE_ALL")), only_new);
  });

  static scope_options rerun_opts;
  static std::string rerun_hash;
  auto* rerun = app.add_subcommand(
      "rerun", "Rebuild one recorded row, gate it and time it against its family's seat, beside what was recorded");
  add_scope_options(rerun, rerun_opts);
  rerun->add_option("impl_hash", rerun_hash, "The row's impl_hash (at least its first 8 hex digits)")->required();
  static std::string rerun_seat;
  rerun->add_option("--seat", rerun_seat,
                    "The seat whose race recorded the row, e.g. sgemm@small: a family with SHAPES races each row "
                    "once per shape");
  rerun->callback([] { exit_code() = mint::rerun_command(find_manifests(rerun_opts), rerun_hash, rerun_seat); });

  auto* status = app.add_subcommand("status", "Every family's stamped row, its source, verdict and margin");
  add_scope_options(status, status_opts);
  status->add_flag("--json", as_json, "Machine-readable: per scope, per-family completeness and verdict");
  status->add_flag("--check", check,
                   "Exit 3 when a scope is not fresh, 4 when one is fresh but incomplete (for CI to gate on)");
  status->callback([] { exit_code() = cmd_status(status_opts, as_json, check); });

  auto* verdict = app.add_subcommand("verdict",
                                     "Whether the sidecar counts for this build, per scope, and why "
                                     "(exit 3 when a scope is not fresh)");
  add_scope_options(verdict, verdict_opts);
  verdict->add_flag("--json", verdict_json, "Machine-readable: per scope, the verdict and its message");
  verdict->callback([] { exit_code() = cmd_verdict(verdict_opts, verdict_json); });

  auto* explain =
      app.add_subcommand("explain", "Why a family got its row: the stamp order step by step and the race table");
  add_scope_options(explain, explain_opts);
  explain->add_option("family", family, "The family")->required();
  explain->add_flag("--json", explain_json, "Machine-readable: the same report as one JSON document");
  explain->callback([] { exit_code() = cmd_explain(explain_opts, family, explain_json); });

  register_profile_commands(app);
}

}  // namespace tune::cli
