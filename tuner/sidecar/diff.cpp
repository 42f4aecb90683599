#include "sidecar/diff.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>
#include <vector>

namespace tune::sidecar {
namespace {

std::string seat_text(const document& doc, const std::string& family) {
  const std::string* seat = doc.seat_of(family);
  if (!seat) return "(none)";
  std::string text = *seat;
  if (const auto* table = doc.race_of(family); table && table->margin_pct)
    text += fmt::format(" (margin {:.1f}%)", *table->margin_pct);
  return text;
}

std::vector<std::string> moved_seats(const document& before, const document& after) {
  std::set<std::string> families;
  for (const auto& [family, seat] : before.kernels) families.insert(family);
  for (const auto& [family, seat] : after.kernels) families.insert(family);

  std::vector<std::string> lines;
  for (const std::string& family : families) {
    const std::string* old_seat = before.seat_of(family);
    const std::string* new_seat = after.seat_of(family);
    if (old_seat && new_seat && *old_seat == *new_seat) continue;
    lines.push_back(fmt::format("  {}: {} → {}", family, seat_text(before, family), seat_text(after, family)));
  }
  return lines;
}

std::optional<double> median_ns(const race::race_table& table, const std::string& suffix) {
  const auto row = table.rows.find(suffix);
  if (row == table.rows.end() || !row->second.median_ns || !(*row->second.median_ns > 0)) return std::nullopt;
  return row->second.median_ns;
}

// Per row (same family and suffix) after/before; the median over those ratios, so one row that
// moved a lot does not read as a shift of the whole box. A family whose race table is identical in
// both documents was carried over, not measured twice, so it contributes nothing.
std::vector<double> row_ratios(const document& before, const document& after) {
  std::vector<double> ratios;
  for (const auto& [family, table] : after.race) {
    const auto* old_table = before.race_of(family);
    // As written: a NaN gate error is null on disk, equal to itself.
    if (!old_table || nlohmann::json(*old_table).dump() == nlohmann::json(table).dump()) continue;
    for (const auto& [suffix, row] : table.rows) {
      const auto now = median_ns(table, suffix);
      const auto then = median_ns(*old_table, suffix);
      if (now && then) ratios.push_back(*now / *then);
    }
  }
  return ratios;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

}  // namespace

std::string describe_changes(const document& before, const document& after) {
  const std::vector<std::string> moved = moved_seats(before, after);
  std::string text = moved.empty() ? "no seats moved\n" : fmt::format("seats moved: {}\n", moved.size());
  for (const std::string& line : moved) text += line + "\n";

  const std::vector<double> ratios = row_ratios(before, after);
  if (ratios.empty())
    text += "no row was measured by both mints\n";
  else
    text += fmt::format("median shift over {} row{} both mints measured: {:+.1f}% (time per call, after vs before)\n",
                        ratios.size(), ratios.size() == 1 ? "" : "s", (median(ratios) - 1) * 100);
  return text;
}

}  // namespace tune::sidecar
