#include "sidecar/diff.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>
#include <vector>

namespace tune::sidecar {
using nlohmann::json;

namespace {

std::string seat_text(const json& doc, const std::string& family) {
  const json& kernels = doc.at("kernels");
  const auto seat = kernels.find(family);
  if (seat == kernels.end()) return "(none)";
  std::string text = seat->get<std::string>();
  const json& race = doc.at("race");
  if (const auto table = race.find(family); table != race.end()) {
    if (const auto margin = table->find("margin_pct"); margin != table->end() && margin->is_number())
      text += fmt::format(" (margin {:.1f}%)", margin->get<double>());
  }
  return text;
}

std::vector<std::string> moved_seats(const json& before, const json& after) {
  std::set<std::string> families;
  for (const auto& [family, seat] : before.at("kernels").items()) families.insert(family);
  for (const auto& [family, seat] : after.at("kernels").items()) families.insert(family);

  std::vector<std::string> lines;
  for (const std::string& family : families) {
    const auto old_seat = before.at("kernels").find(family);
    const auto new_seat = after.at("kernels").find(family);
    const bool had = old_seat != before.at("kernels").end();
    const bool has = new_seat != after.at("kernels").end();
    if (had && has && *old_seat == *new_seat) continue;
    lines.push_back(fmt::format("  {}: {} → {}", family, seat_text(before, family), seat_text(after, family)));
  }
  return lines;
}

std::optional<double> median_ns(const json& race, const std::string& family, const std::string& suffix) {
  const auto table = race.find(family);
  if (table == race.end() || !table->contains("rows")) return std::nullopt;
  const json& rows = table->at("rows");
  const auto row = rows.find(suffix);
  if (row == rows.end() || !row->contains("median_ns")) return std::nullopt;
  const double value = row->at("median_ns").get<double>();
  if (!(value > 0)) return std::nullopt;
  return value;
}

// Per row (same family and suffix) after/before; the median over those ratios, so one row that
// moved a lot does not read as a shift of the whole box. A family whose race table is identical in
// both documents was carried over, not measured twice, so it contributes nothing.
std::vector<double> row_ratios(const json& before, const json& after) {
  std::vector<double> ratios;
  for (const auto& [family, table] : after.at("race").items()) {
    const auto old_table = before.at("race").find(family);
    if (!table.contains("rows") || old_table == before.at("race").end() || *old_table == table) continue;
    for (const auto& [suffix, row] : table.at("rows").items()) {
      const auto now = median_ns(after.at("race"), family, suffix);
      const auto then = median_ns(before.at("race"), family, suffix);
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

std::string describe_changes(const json& before, const json& after) {
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
