#include "bench/result_json.h"

#include "race/companion_race.h"

namespace tune::bench {

namespace {
nlohmann::json optional_number(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

nlohmann::json failure_json(const race::row_failure& f) {
  nlohmann::json out = {{"stage", f.stage}, {"detail", f.detail}};
  if (!f.diagnostic.empty()) out["diagnostic"] = f.diagnostic;
  return out;
}

}  // namespace

nlohmann::json family_json(const race::family_result& r, const family_info& family, const std::vector<row_gate>& gate) {
  nlohmann::json rows = nlohmann::json::object();
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    const auto& row = r.rows[i];
    nlohmann::json entry;
    if (row.rejected) {
      entry["rejected"] = *row.rejected;
    } else {
      // A runnable row that was never timed (the only one of its family) has no times to record.
      if (row.median_ns) entry["median_ns"] = *row.median_ns;
      if (row.best_ns) entry["best_ns"] = *row.best_ns;
      entry["rounds"] = row.rounds;
      entry["finalist"] = row.finalist;
    }
    if (row.failed) entry["last_fail_reason"] = failure_json(*row.failed);
    if (i < gate.size() && gate[i].check && !gate[i].check->pass) {
      const auto& c = *gate[i].check;
      entry["worst_abs"] = c.worst_abs;
      entry["worst_rel"] = c.worst_rel;
      entry["worst_ulp"] = c.worst_ulp;
    }
    rows[i < family.rows.size() ? family.rows[i].suffix : row.suffix] = entry;
  }
  return {{"winner", r.winner},
          {"fallback", r.fallback},
          {"verdict", race::to_string(r.outcome)},
          {"need_pct", r.need_pct},
          {"margin_pct", optional_number(r.margin_pct)},
          {"demoted", r.demoted ? nlohmann::json(*r.demoted) : nlohmann::json()},
          {"demoted_margin_pct", optional_number(r.demoted_margin_pct)},
          {"drift_pct", optional_number(r.drift_pct)},
          {"note", r.note},
          {"ms", r.ms},
          {"rows", rows}};
}

void add_companions(nlohmann::json& table, const race::family_result& r, const family_info& family,
                    const family_gate& gate) {
  nlohmann::json races = nlohmann::json::object();
  nlohmann::json seats = nlohmann::json::object();
  for (std::size_t i = 0; i < r.companions.size(); ++i) {
    const auto& c = r.companions[i];
    const std::size_t t = i < family.companions.size() ? family.companions[i].table : 0;
    races[c.name] = family_json(c, family, t > 0 ? gate.tables.at(t) : std::vector<row_gate>{});
    if (const auto seat = race::own_seat(r, c)) seats[c.name] = *seat;
  }
  table["companion_races"] = races;
  table["companions"] = seats;
}

nlohmann::json mint_json(const race::mint_result& r) {
  nlohmann::json probes = nlohmann::json::array();
  for (const auto& p : r.probes) probes.push_back({{"label", p.label}, {"mad_pct", p.mad_pct}, {"cv_pct", p.cv_pct}});
  return {{"status", race::to_string(r.status)},
          {"reason", r.reason},
          {"noise_overridden", r.noise_overridden},
          {"probes", probes},
          {"noise_floor_pct", r.noise_floor_pct},
          {"ms", r.ms}};
}

}  // namespace tune::bench
