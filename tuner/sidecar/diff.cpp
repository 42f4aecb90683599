#include "sidecar/diff.h"
#include "util/json_members.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace tune::sidecar {
namespace {

std::optional<std::string> seat(const document& doc, const std::string& family) {
  const std::string* s = doc.seat_of(family);
  return s ? std::optional<std::string>(*s) : std::nullopt;
}

std::optional<double> margin(const document& doc, const std::string& family) {
  const auto* table = doc.race_of(family);
  return table ? table->margin_pct : std::nullopt;
}

std::string seat_text(const std::optional<std::string>& seat, const std::optional<double>& margin_pct) {
  if (!seat) return "(none)";
  return margin_pct ? fmt::format("{} (margin {:.1f}%)", *seat, *margin_pct) : *seat;
}

std::optional<double> median_ns(const race::race_table& table, const std::string& suffix) {
  const auto row = table.rows.find(suffix);
  if (row == table.rows.end() || !row->second.median_ns || !(*row->second.median_ns > 0)) return std::nullopt;
  return row->second.median_ns;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// `only`: the families to compare; null for every family of either document.
changes compare_families(const document& before, const document& after, const std::set<std::string>* only) {
  changes out;
  std::set<std::string> families;
  for (const auto& [family, s] : before.kernels) families.insert(family);
  for (const auto& [family, s] : after.kernels) families.insert(family);
  for (const std::string& family : families) {
    if (only && !only->count(family)) continue;
    const auto from = seat(before, family), to = seat(after, family);
    if (from && to && *from == *to) continue;
    out.moved.push_back({family, from, to, margin(before, family), margin(after, family)});
  }

  std::vector<double> ratios;
  for (const auto& [family, table] : after.race) {
    if (only && !only->count(family)) continue;
    const auto* old_table = before.race_of(family);
    // As written: a NaN gate error is null on disk, equal to itself.
    if (old_table && nlohmann::json(*old_table).dump() == nlohmann::json(table).dump()) continue;
    out.raced.push_back(family);
    if (!old_table) continue;
    for (const auto& [suffix, row] : table.rows) {
      const auto now = median_ns(table, suffix);
      const auto then = median_ns(*old_table, suffix);
      if (now && then) ratios.push_back(*now / *then);
    }
  }
  out.rows_compared = ratios.size();
  if (!ratios.empty()) out.median_shift_pct = (median(ratios) - 1) * 100;
  return out;
}

}  // namespace

changes compare(const document& before, const document& after) { return compare_families(before, after, nullptr); }

changes compare_scope(const document& before, const document& after, const std::string& scope) {
  std::set<std::string> families;
  for (const document* doc : {&before, &after})
    if (const auto* record = doc->scope(scope)) families.insert(record->families.begin(), record->families.end());
  return compare_families(before, after, &families);
}

std::string move_text(const seat_move& m) {
  return fmt::format("{}: {} → {}", m.family, seat_text(m.from, m.from_margin_pct), seat_text(m.to, m.to_margin_pct));
}

std::string describe_changes(const changes& c) {
  std::string text = c.moved.empty() ? "no seats moved\n" : fmt::format("seats moved: {}\n", c.moved.size());
  for (const seat_move& m : c.moved) text += "  " + move_text(m) + "\n";
  if (!c.median_shift_pct)
    text += "no row was measured by both mints\n";
  else
    text += fmt::format("median shift over {} row{} both mints measured: {:+.1f}% (time per call, after vs before)\n",
                        c.rows_compared, c.rows_compared == 1 ? "" : "s", *c.median_shift_pct);
  return text;
}

std::string describe_changes(const document& before, const document& after) {
  return describe_changes(compare(before, after));
}

void to_json(nlohmann::json& out, const changes& c) {
  out = {{"moved", nlohmann::json::array()},
         {"raced", c.raced},
         {"rows_compared", c.rows_compared},
         {"median_shift_pct", util::or_null(c.median_shift_pct)}};
  for (const seat_move& m : c.moved)
    out["moved"].push_back({{"family", m.family},
                            {"from", util::or_null(m.from)},
                            {"to", util::or_null(m.to)},
                            {"from_margin_pct", util::or_null(m.from_margin_pct)},
                            {"to_margin_pct", util::or_null(m.to_margin_pct)}});
}

}  // namespace tune::sidecar
