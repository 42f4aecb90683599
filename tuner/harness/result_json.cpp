#include "harness/result_json.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "measure/counters.h"

#include "race/companion_race.h"
#include "race/same_code.h"

namespace tune::bench {

race::race_table table_of(const race::family_result& r, const family_info& family, const std::vector<row_gate>& gate) {
  race::race_table t;
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    const auto& row = r.rows[i];
    race::race_row entry;
    if (row.rejected) {
      entry.rejected = *row.rejected;
    } else {
      // A runnable row that was never timed (the only one of its family) has no times to record.
      entry.median_ns = row.median_ns;
      entry.best_ns = row.best_ns;
      entry.q1_ns = row.q1_ns;
      entry.q3_ns = row.q3_ns;
      entry.rounds = row.rounds;
      entry.finalist = row.finalist;
    }
    entry.last_fail_reason = row.failed;
    if (i < gate.size() && gate[i].check && !gate[i].check->pass) {
      const auto& c = *gate[i].check;
      entry.worst = race::gate_errors{c.worst_abs, c.worst_rel, c.worst_ulp};
    }
    t.rows[i < family.rows.size() ? family.rows[i].suffix : row.suffix] = entry;
  }
  t.winner = r.winner;
  t.fallback = r.fallback;
  t.verdict = race::to_string(r.outcome);
  t.need_pct = r.need_pct;
  t.margin_pct = r.margin_pct;
  t.demoted = r.demoted;
  t.demoted_margin_pct = r.demoted_margin_pct;
  t.drift_pct = r.drift_pct;
  t.note = r.note;
  t.ms = r.ms;
  return t;
}

void add_companions(race::race_table& table, const race::family_result& r, const family_info& family,
                    const family_gate& gate) {
  table.companion_races.emplace();
  table.companions.emplace();
  for (std::size_t i = 0; i < r.companions.size(); ++i) {
    const auto& c = r.companions[i];
    const std::size_t t = i < family.companions.size() ? family.companions[i].table : 0;
    (*table.companion_races)[c.name] = table_of(c, family, t > 0 ? gate.tables.at(t) : std::vector<row_gate>{});
    if (const auto seat = race::own_seat(r, c)) (*table.companions)[c.name] = *seat;
  }
}

void add_counters(race::race_table& table, const family_info& family, const supervised_timer& timer,
                  std::size_t index) {
  if (!table.timed()) return;  // nothing was counted, so nothing failed to be
  std::map<std::string, std::string> why = timer.counters_unavailable(index);
  std::map<std::string, std::vector<std::string>> uncounted;  // event -> timed rows without a count
  for (std::size_t row = 0; row < family.rows.size(); ++row) {
    auto& entry = table.rows[family.rows[row].suffix];
    if (!entry.median_ns) continue;
    auto counts = timer.counters_of(index, row);
    for (const auto& e : measure::hardware_events())
      if (!counts.count(e.name) && !why.count(e.name)) uncounted[e.name].push_back(family.rows[row].suffix);
    if (!counts.empty()) entry.counters = std::move(counts);
  }
  for (const auto& [event, rows] : uncounted)
    why[event] = fmt::format(
        "opened, but the kernel never ran it in the windows of {} (its hardware counters were taken by another user)",
        fmt::join(rows, ", "));
  if (!why.empty()) table.counters_unavailable = std::move(why);
}

void add_same_code(race::race_table& table, const std::map<std::string, std::string>& same) {
  const auto mark = [&](race::race_table& t) {
    for (const auto& [duplicate, representative] : same) {
      const auto row = t.rows.find(duplicate);
      if (row == t.rows.end() || row->second.rejected != race::same_code_text(representative)) continue;
      row->second = race::race_row{};
      row->second.same_code_as = representative;
    }
  };
  mark(table);
  if (table.companion_races)
    for (auto& [_, companion] : *table.companion_races) mark(companion);
}

}  // namespace tune::bench
