// `tune explain`: why a family got its row, from its declaration, the stamp record (stamp/write.h)
// and the sidecar's last race table, as text or JSON.
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "box/identity.h"
#include "cli/commands.h"
#include "cli/scopes.h"
#include "manifest/manifest.h"
#include "race/table.h"
#include "search/rules.h"
#include "sidecar/document.h"
#include "sidecar/verdict.h"
#include "stamp/describe.h"
#include "stamp/describe_rows.h"
#include "stamp/write.h"
#include "util/json_file.h"

namespace tune::cli {

namespace {

struct explain_args {
  scope_options scopes;
  std::string family;
  bool json = false;
};

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
  sidecar::verdict verdict_now = sidecar::verdict::absent;
  std::string verdict_message_now;
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
         {"verdict_now", sidecar::to_string(r.verdict_now)},
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
    // A searched family declares few of its rows: its size is what its axes and rules allow.
    if (decl->search) try {
        r.rows = search::enumerate(decl->search->rules()).size() / std::max<std::size_t>(1, decl->search->axes.size());
      } catch (const search::rules_error&) {
        // The search names the point a constraint cannot be evaluated on; explain shows what it has.
      }
    r.reference = decl->reference;
    r.fallback_chain = decl->fallback;
    r.sidecar = sidecar_path(m);
    const auto now = judge_sidecar(m, box::this_box());
    r.verdict_now = now.v;
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

void register_explain_command(CLI::App& app) {
  auto a = std::make_shared<explain_args>();
  auto* explain =
      app.add_subcommand("explain", "Why a family got its row: the stamp order step by step and the race table");
  add_scope_options(explain, a->scopes);
  explain->add_option("family", a->family, "The family")->required();
  explain->add_flag("--json", a->json, "Machine-readable: the same report as one JSON document");
  explain->callback([a] { exit_code() = cmd_explain(a->scopes, a->family, a->json); });
}

}  // namespace tune::cli
