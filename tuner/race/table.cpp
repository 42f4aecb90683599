#include "race/table.h"

#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "util/json_members.h"

namespace tune::race {
using nlohmann::json;

namespace {

// Members absent or null read as nullopt: a measured table writes null, an adopted one leaves
// the member out, and readers treat both alike.
template <class T>
std::optional<T> optional_member(const json& in, const char* key) {
  const auto it = in.find(key);
  if (it == in.end() || it->is_null()) return std::nullopt;
  return it->get<T>();
}

double nan_if_null(const json& in, const char* key) {
  const auto it = in.find(key);
  return it == in.end() || it->is_null() ? std::numeric_limits<double>::quiet_NaN() : it->get<double>();
}

}  // namespace

rate_value rate_of(const work_record& w, double ns) {
  double per_s = w.amount / ns * 1e9;
  const char* prefix = "";
  for (const char* p : {"k", "M", "G", "T"}) {
    if (per_s < 1000) break;
    per_s /= 1000;
    prefix = p;
  }
  const std::string unit = w.unit == "flop" ? "FLOP" : w.unit == "byte" ? "B" : w.unit;
  return {per_s, fmt::format("{}{}/s", prefix, unit)};
}

std::string rate_text(const work_record& w, double ns) {
  const auto r = rate_of(w, ns);
  return fmt::format("{:.{}f} {}", r.value, r.value < 10 ? 2 : r.value < 100 ? 1 : 0, r.unit);
}

std::string counters_unavailable_text(const std::map<std::string, std::string>& why) {
  std::map<std::string, std::vector<std::string>> by_reason;
  for (const auto& [event, reason] : why) by_reason[reason].push_back(event);
  std::string out;
  for (const auto& [reason, events] : by_reason) {
    std::string names;
    for (std::size_t i = 0; i < events.size(); ++i)
      names += (i == 0 ? "" : i + 1 == events.size() ? " and " : ", ") + events[i];
    out += (out.empty() ? "" : "; ") + names + ": " + reason;
  }
  return out;
}

std::string count_text(double per_call) {
  return per_call >= 100 ? fmt::format("{:.0f}", per_call) : fmt::format("{:.3g}", per_call);
}

std::string validation_text(const std::map<std::string, race_table>& families) {
  std::string demoted;
  const auto add = [&](const std::string& name, const race_table& t) {
    if (t.outcome() != verdict::demoted) return;
    demoted += fmt::format("{}{} ({}{})", demoted.empty() ? "" : "; ", name, t.demoted.value_or("its winner"),
                           t.demoted_margin_pct ? fmt::format(" at {:+.1f}%", *t.demoted_margin_pct) : "");
  };
  for (const auto& [family, table] : families) {
    add(family, table);
    for (const auto& [companion, raced] : table.companion_races.value_or(std::map<std::string, race_table>{}))
      add(family + "." + companion, raced);
  }
  return demoted.empty() ? "ok" : "demoted: " + demoted;
}

bool race_table::timed() const {
  for (const auto& [suffix, row] : rows)
    if (row.median_ns) return true;
  return false;
}

std::optional<row_time> time_of(const race_table& race, const std::string& suffix) {
  auto row = race.rows.find(suffix);
  if (row != race.rows.end() && row->second.same_code_as) row = race.rows.find(*row->second.same_code_as);
  if (row == race.rows.end() || !row->second.median_ns) return std::nullopt;
  return row_time{*row->second.median_ns,
                  race.work ? std::optional(rate_text(*race.work, *row->second.median_ns)) : std::nullopt};
}

void to_json(json& out, const row_failure& f) {
  out = {{"stage", f.stage}, {"detail", f.detail}};
  if (!f.diagnostic.empty()) out["diagnostic"] = f.diagnostic;
}

void from_json(const json& in, row_failure& f) {
  f.stage = in.at("stage").get<std::string>();
  f.detail = in.at("detail").get<std::string>();
  f.diagnostic = in.value("diagnostic", std::string());
}

void to_json(json& out, const race_row& r) {
  out = json::object();
  if (r.rejected) out["rejected"] = *r.rejected;
  if (r.median_ns) out["median_ns"] = *r.median_ns;
  if (r.best_ns) out["best_ns"] = *r.best_ns;
  if (r.q1_ns) out["q1_ns"] = *r.q1_ns;
  if (r.q3_ns) out["q3_ns"] = *r.q3_ns;
  if (r.rounds) out["rounds"] = *r.rounds;
  if (r.finalist) out["finalist"] = *r.finalist;
  if (r.last_fail_reason) out["last_fail_reason"] = *r.last_fail_reason;
  if (r.worst) {
    // nlohmann writes a non-finite double as null.
    out["worst_abs"] = r.worst->abs;
    out["worst_rel"] = r.worst->rel;
    out["worst_ulp"] = r.worst->ulp;
  }
  if (r.impl_hash) out["impl_hash"] = *r.impl_hash;
  if (r.code_sha256) out["code_sha256"] = *r.code_sha256;
  if (r.same_code_as) out["same_code_as"] = *r.same_code_as;
  if (r.compile) out["compile"] = *r.compile;
  if (r.carried_from) out["carried_from"] = *r.carried_from;
  if (r.search_batch) out["search_batch"] = *r.search_batch;
  if (r.counters) out["counters"] = *r.counters;
  util::put_other_members(out, r.other);
}

void from_json(const json& in, race_row& r) {
  r.rejected = optional_member<std::string>(in, "rejected");
  r.median_ns = optional_member<double>(in, "median_ns");
  r.best_ns = optional_member<double>(in, "best_ns");
  r.q1_ns = optional_member<double>(in, "q1_ns");
  r.q3_ns = optional_member<double>(in, "q3_ns");
  r.rounds = optional_member<std::int64_t>(in, "rounds");
  r.finalist = optional_member<bool>(in, "finalist");
  r.last_fail_reason = optional_member<row_failure>(in, "last_fail_reason");
  if (in.contains("worst_abs") || in.contains("worst_rel") || in.contains("worst_ulp"))
    r.worst = gate_errors{nan_if_null(in, "worst_abs"), nan_if_null(in, "worst_rel"), nan_if_null(in, "worst_ulp")};
  r.impl_hash = optional_member<std::string>(in, "impl_hash");
  r.code_sha256 = optional_member<std::string>(in, "code_sha256");
  r.same_code_as = optional_member<std::string>(in, "same_code_as");
  r.compile = optional_member<std::string>(in, "compile");
  r.carried_from = optional_member<std::string>(in, "carried_from");
  r.search_batch = optional_member<std::int64_t>(in, "search_batch");
  r.counters = optional_member<std::map<std::string, double>>(in, "counters");
  r.other =
      util::other_members(in, {"rejected", "median_ns", "best_ns", "q1_ns", "q3_ns", "rounds", "finalist",
                               "last_fail_reason", "worst_abs", "worst_rel", "worst_ulp", "impl_hash", "code_sha256",
                               "same_code_as", "compile", "carried_from", "counters", "search_batch"});
}

void to_json(json& out, const race_table& t) {
  if (t.adopted()) {
    out = {{"winner", t.winner}, {"verdict", t.verdict}, {"profile", t.profile.value_or("")}};
    util::put_other_members(out, t.other);
    return;
  }
  out = {{"winner", t.winner},
         {"fallback", t.fallback},
         {"verdict", t.verdict},
         {"need_pct", t.need_pct},
         {"margin_pct", util::or_null(t.margin_pct)},
         {"demoted", t.demoted ? json(*t.demoted) : json()},
         {"demoted_margin_pct", util::or_null(t.demoted_margin_pct)},
         {"drift_pct", util::or_null(t.drift_pct)},
         {"note", t.note},
         {"ms", t.ms},
         {"rows", t.rows}};
  if (t.profile) out["profile"] = *t.profile;
  if (t.companion_races) out["companion_races"] = *t.companion_races;
  if (t.companions) out["companions"] = *t.companions;
  if (t.work) out["work"] = {{"amount", t.work->amount}, {"unit", t.work->unit}};
  if (t.counters_unavailable) out["counters_unavailable"] = *t.counters_unavailable;
  if (t.threads) out["threads"] = *t.threads == 0 ? json("all") : json(*t.threads);
  if (t.cores) out["cores"] = *t.cores;
  if (t.fixture_sha256) out["fixture_sha256"] = *t.fixture_sha256;
  if (t.measured) out["measured"] = *t.measured;
  if (t.tool) out["tool"] = *t.tool;
  if (t.compiler) out["compiler"] = *t.compiler;
  if (t.noise_overridden) out["noise_overridden"] = true;
  if (t.search) out["search"] = *t.search;
  util::put_other_members(out, t.other);
}

std::string search_text(const search_record& s) {
  const std::string why = s.stopped_because == "budget_rows" ? fmt::format("at its budget of {} rows", s.budget_rows)
                          : s.stopped_because == "budget_seconds"
                              ? fmt::format("at its budget of {:.0f} s", s.budget_seconds)
                          : s.stopped_because == "space"     ? std::string("with no row left to propose")
                          : s.stopped_because == "converged" ? std::string("converged: no restart left worth trying")
                                                             : s.stopped_because;
  return fmt::format("searched {} of {} rows ({}, seed {}): {} compiled in {} batches, {:.1f} s; stopped {}", s.visited,
                     s.space_size, s.strategy, s.seed, s.compiled, s.batches, s.seconds, why);
}

void to_json(json& out, const search_record& s) {
  out = {{"strategy", s.strategy},
         {"seed", s.seed},
         {"space_size", s.space_size},
         {"visited", s.visited},
         {"compiled", s.compiled},
         {"budget_rows", s.budget_rows},
         {"budget_seconds", s.budget_seconds},
         {"stopped_because", s.stopped_because},
         {"batches", s.batches},
         {"seconds", s.seconds},
         {"proposed", s.proposed},
         {"template_inputs_sha256", s.template_inputs_sha256}};
}

void from_json(const json& in, search_record& s) {
  s.strategy = in.at("strategy").get<std::string>();
  s.seed = in.at("seed").get<std::uint64_t>();
  s.space_size = in.at("space_size").get<std::size_t>();
  s.visited = in.at("visited").get<std::size_t>();
  s.compiled = in.at("compiled").get<std::size_t>();
  s.budget_rows = in.at("budget_rows").get<std::size_t>();
  s.budget_seconds = in.value("budget_seconds", 0.0);
  s.stopped_because = in.at("stopped_because").get<std::string>();
  s.batches = in.value("batches", std::size_t{0});
  s.seconds = in.value("seconds", 0.0);
  s.proposed = in.value("proposed", std::vector<std::string>());
  s.template_inputs_sha256 = in.value("template_inputs_sha256", std::string());
}

void from_json(const json& in, race_table& t) {
  t.winner = in.value("winner", std::string());
  t.verdict = in.value("verdict", std::string());
  t.profile = optional_member<std::string>(in, "profile");
  t.fallback = in.value("fallback", std::string());
  t.need_pct = in.value("need_pct", 0.0);
  t.margin_pct = optional_member<double>(in, "margin_pct");
  t.demoted = optional_member<std::string>(in, "demoted");
  t.demoted_margin_pct = optional_member<double>(in, "demoted_margin_pct");
  t.drift_pct = optional_member<double>(in, "drift_pct");
  t.note = in.value("note", std::string());
  t.ms = in.value("ms", 0.0);
  t.rows = in.value("rows", std::map<std::string, race_row>());
  t.companion_races = optional_member<std::map<std::string, race_table>>(in, "companion_races");
  t.companions = optional_member<std::map<std::string, std::string>>(in, "companions");
  if (const auto work = in.find("work"); work != in.end() && work->is_object())
    t.work = work_record{work->at("amount").get<double>(), work->at("unit").get<std::string>()};
  t.counters_unavailable = optional_member<std::map<std::string, std::string>>(in, "counters_unavailable");
  if (const auto threads = in.find("threads"); threads != in.end())
    t.threads = threads->is_string() && threads->get<std::string>() == "all" ? 0 : threads->get<int>();
  t.cores = optional_member<int>(in, "cores");
  t.fixture_sha256 = optional_member<std::string>(in, "fixture_sha256");
  t.measured = optional_member<std::string>(in, "measured");
  t.tool = optional_member<std::string>(in, "tool");
  t.compiler = optional_member<std::string>(in, "compiler");
  t.noise_overridden = in.value("noise_overridden", false);
  t.search = optional_member<search_record>(in, "search");
  t.other = util::other_members(in, {"winner",          "fallback",   "verdict",  "profile",
                                     "need_pct",        "margin_pct", "demoted",  "demoted_margin_pct",
                                     "drift_pct",       "note",       "ms",       "rows",
                                     "companion_races", "companions", "work",     "counters_unavailable",
                                     "fixture_sha256",  "tool",       "compiler", "noise_overridden",
                                     "measured",        "threads",    "cores",    "search"});
}

mint_record record_of(const mint_result& r) {
  mint_record m{to_string(r.status), r.reason, r.noise_overridden, {}, r.noise_floor_pct, r.ms};
  for (const auto& p : r.probes) m.probes.push_back({p.label, p.mad_pct, p.cv_pct});
  return m;
}

void to_json(json& out, const mint_record& m) {
  json probes = json::array();
  for (const auto& p : m.probes)
    probes.push_back({{"label", p.label}, {"mad_pct", util::or_null(p.mad_pct)}, {"cv_pct", util::or_null(p.cv_pct)}});
  out = {{"status", m.status},
         {"reason", m.reason},
         {"noise_overridden", m.noise_overridden},
         {"probes", probes},
         {"noise_floor_pct", m.noise_floor_pct},
         {"ms", m.ms}};
}

void from_json(const json& in, mint_record& m) {
  m.status = in.value("status", std::string());
  m.reason = in.value("reason", std::string());
  m.noise_overridden = in.value("noise_overridden", false);
  m.probes.clear();
  for (const auto& p : in.at("probes"))
    m.probes.push_back({p.at("label").get<std::string>(), optional_member<double>(p, "mad_pct"),
                        optional_member<double>(p, "cv_pct")});
  m.noise_floor_pct = in.value("noise_floor_pct", 0.0);
  m.ms = in.value("ms", 0.0);
}

void to_json(json& out, const race_request& r) {
  out = {{"scope", r.scope},
         {"families", r.families},
         {"incumbents", r.incumbents},
         {"budget_s", util::or_null(r.budget_s)}};
  if (!r.codes.empty()) out["codes"] = r.codes;
  if (!r.failed.empty()) out["failed"] = r.failed;
  if (!r.only_rows.empty()) out["only_rows"] = r.only_rows;
  if (!r.baseline.empty()) out["baseline"] = r.baseline;
  if (r.seed) out["seed"] = *r.seed;
}

void from_json(const json& in, race_request& r) {
  r.scope = in.value("scope", std::string());
  r.families = in.value("families", std::vector<std::string>());
  r.incumbents = in.value("incumbents", std::map<std::string, std::string>());
  r.codes = in.value("codes", std::map<std::string, std::map<std::string, std::string>>());
  r.failed = in.value("failed", std::map<std::string, std::map<std::string, row_failure>>());
  r.only_rows = in.value("only_rows", std::map<std::string, std::vector<std::string>>());
  r.baseline = in.value("baseline", std::map<std::string, std::string>());
  r.budget_s = optional_member<double>(in, "budget_s");
  r.seed = optional_member<std::uint64_t>(in, "seed");
}

void to_json(json& out, const race_answer& a) {
  out = {{"mint", a.mint}, {"families", a.families}, {"features", a.features}, {"telemetry", a.telemetry}};
  if (!a.errors.empty()) out["errors"] = a.errors;
}

void from_json(const json& in, race_answer& a) {
  a.mint = in.at("mint").get<mint_record>();
  a.families = in.value("families", std::map<std::string, race_table>());
  a.errors = in.value("errors", std::map<std::string, std::string>());
  a.features = in.value("features", std::string());
  a.telemetry = in.value("telemetry", json::object());
}

}  // namespace tune::race
