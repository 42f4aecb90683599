#include "race/table.h"

#include <cmath>
#include <limits>

namespace tune::race {
using nlohmann::json;

namespace {

json number_or_null(const std::optional<double>& v) { return v ? json(*v) : json(); }

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
  if (r.compile) out["compile"] = *r.compile;
}

void from_json(const json& in, race_row& r) {
  r.rejected = optional_member<std::string>(in, "rejected");
  r.median_ns = optional_member<double>(in, "median_ns");
  r.best_ns = optional_member<double>(in, "best_ns");
  r.rounds = optional_member<std::int64_t>(in, "rounds");
  r.finalist = optional_member<bool>(in, "finalist");
  r.last_fail_reason = optional_member<row_failure>(in, "last_fail_reason");
  if (in.contains("worst_abs") || in.contains("worst_rel") || in.contains("worst_ulp"))
    r.worst = gate_errors{nan_if_null(in, "worst_abs"), nan_if_null(in, "worst_rel"), nan_if_null(in, "worst_ulp")};
  r.impl_hash = optional_member<std::string>(in, "impl_hash");
  r.compile = optional_member<std::string>(in, "compile");
}

void to_json(json& out, const race_table& t) {
  if (t.adopted()) {
    out = {{"winner", t.winner}, {"verdict", t.verdict}, {"profile", t.profile.value_or("")}};
    return;
  }
  out = {{"winner", t.winner},
         {"fallback", t.fallback},
         {"verdict", t.verdict},
         {"need_pct", t.need_pct},
         {"margin_pct", number_or_null(t.margin_pct)},
         {"demoted", t.demoted ? json(*t.demoted) : json()},
         {"demoted_margin_pct", number_or_null(t.demoted_margin_pct)},
         {"drift_pct", number_or_null(t.drift_pct)},
         {"note", t.note},
         {"ms", t.ms},
         {"rows", t.rows}};
  if (t.profile) out["profile"] = *t.profile;
  if (t.companion_races) out["companion_races"] = *t.companion_races;
  if (t.companions) out["companions"] = *t.companions;
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
}

std::optional<race_table> race_table_of(const json& doc, const std::string& family) {
  const auto race = doc.find("race");
  if (race == doc.end() || !race->is_object()) return std::nullopt;
  const auto table = race->find(family);
  if (table == race->end() || !table->is_object()) return std::nullopt;
  return table->get<race_table>();
}

}  // namespace tune::race
