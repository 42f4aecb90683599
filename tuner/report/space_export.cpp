#include "report/space_export.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace tune::report {

namespace {

// "UNROLL=4,ISA=avx2" as its axis-value pairs, in order.
std::vector<std::pair<std::string, std::string>> axis_values(const std::string& axes) {
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t start = 0;
  while (start < axes.size()) {
    auto end = axes.find(',', start);
    if (end == std::string::npos) end = axes.size();
    const std::string pair = axes.substr(start, end - start);
    const auto eq = pair.find('=');
    if (eq != std::string::npos) out.emplace_back(pair.substr(0, eq), pair.substr(eq + 1));
    start = end + 1;
  }
  return out;
}

// The family's axes in declared order, each with its values: the search's, or in a grid's rows'
// order of first appearance.
std::vector<std::pair<std::string, std::vector<std::string>>> axes_of(const family_decl& family) {
  if (family.search) return family.search->axes;
  std::vector<std::pair<std::string, std::vector<std::string>>> axes;
  for (const auto& row : family.rows)
    for (const auto& pair : axis_values(row.axes)) {
      // A named pair, not a structured binding: Clang 14 cannot capture those in a lambda.
      auto it = std::find_if(axes.begin(), axes.end(), [&](const auto& a) { return a.first == pair.first; });
      if (it == axes.end()) it = axes.insert(axes.end(), {pair.first, {}});
      if (std::find(it->second.begin(), it->second.end(), pair.second) == it->second.end())
        it->second.push_back(pair.second);
    }
  return axes;
}

// What became of one row in the race: its time per call, or why it has none.
struct outcome {
  std::optional<double> ns;
  std::string invalidity;  // T4's word: "correct" with a time
};

std::optional<outcome> outcome_of(const row_decl& row, const race::race_table& race) {
  const auto it = race.rows.find(row.suffix);
  if (it == race.rows.end()) {
    // Left out of the build (its compile, isolation or link failed); a searched family's row
    // never visited is outside what was measured.
    if (row.left_out && *row.left_out != not_visited) return outcome{std::nullopt, "compile"};
    return std::nullopt;
  }
  const race::race_row* r = &it->second;
  if (r->same_code_as)
    if (const auto same = race.rows.find(*r->same_code_as); same != race.rows.end()) r = &same->second;
  if (r->median_ns && *r->median_ns > 0) return outcome{r->median_ns, "correct"};
  if (r->rejected || r->last_fail_reason) {
    const std::string stage = r->last_fail_reason ? r->last_fail_reason->stage : std::string();
    return outcome{std::nullopt, stage == "timeout" ? "timeout" : stage == "crash" ? "runtime" : "correctness"};
  }
  return std::nullopt;
}

// A row the race placed on the family's axes, and what became of it.
struct placed {
  const row_decl* row;
  std::vector<std::pair<std::string, std::string>> values;  // axis and value, in the row's order
  outcome what;
};

// The rows of the race on the family's axes (a PERMUTATIONS extra off the grid left out), refused
// when the family has no axes or no row was timed.
std::vector<placed> placed_rows(const family_decl& family, const race::race_table& race, std::size_t axes) {
  if (axes == 0)
    throw std::runtime_error(fmt::format(
        "family {} has no axes (its rows are PERMUTATIONS without axis values or a GENERATOR's proposals), so its "
        "rows have no place in a landscape",
        family.name));
  std::vector<placed> out;
  for (const auto& row : family.rows) {
    const auto o = outcome_of(row, race);
    if (!o) continue;
    auto values = axis_values(row.axes);
    if (values.size() != axes) continue;
    out.push_back({&row, std::move(values), *o});
  }
  if (std::none_of(out.begin(), out.end(), [](const placed& p) { return p.what.ns.has_value(); }))
    throw std::runtime_error(fmt::format("family {}: no row of its last race was timed", family.name));
  return out;
}

}  // namespace

search::landscape_file landscape_of(const family_decl& family, const race::race_table& race) {
  search::landscape_file l;
  l.axes = axes_of(family);
  l.constraints = family.constraints;
  std::vector<double> spreads;
  for (const auto& p : placed_rows(family, race, l.axes.size())) {
    search::landscape_point point;
    for (const auto& [axis, value] : p.values) point.values[axis] = value;
    point.cost = p.what.ns;
    l.points.push_back(std::move(point));
    // A measurement's spread: the interquartile range of a row's rounds over 1.349 (the normal
    // distribution's IQR in standard deviations), relative to its median.
    const auto it = race.rows.find(p.row->suffix);
    if (it == race.rows.end()) continue;
    const auto& r = it->second;
    if (!r.same_code_as && r.median_ns && r.q1_ns && r.q3_ns && *r.median_ns > 0)
      spreads.push_back((*r.q3_ns - *r.q1_ns) / 1.349 / *r.median_ns * 100);
  }
  if (!spreads.empty()) {
    std::sort(spreads.begin(), spreads.end());
    const std::size_t n = spreads.size();
    const double median = n % 2 ? spreads[n / 2] : (spreads[n / 2 - 1] + spreads[n / 2]) / 2;
    l.noise_cv_pct = std::round(median * 100) / 100;
  }
  return l;
}

nlohmann::ordered_json t4_of(const family_decl& family, const race::race_table& race, const std::string& timestamp) {
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  for (const auto& p : placed_rows(family, race, axes_of(family).size())) {
    nlohmann::ordered_json configuration = nlohmann::ordered_json::object();
    for (const auto& [axis, value] : p.values) configuration[axis] = value;
    nlohmann::ordered_json times = nlohmann::ordered_json::object();
    nlohmann::ordered_json measurements = nlohmann::ordered_json::array();
    if (p.what.ns) {
      times["runtimes"] = {*p.what.ns / 1e6};
      measurements.push_back({{"name", "time"}, {"value", *p.what.ns / 1e6}, {"unit", "ms"}});
    }
    results.push_back({{"timestamp", timestamp},
                       {"configuration", configuration},
                       {"objectives", {"time"}},
                       {"times", times},
                       {"invalidity", p.what.invalidity},
                       {"correctness", p.what.ns ? 1 : 0},
                       {"measurements", measurements}});
  }
  return {{"schema_version", "1.0.0"}, {"results", results}};
}

}  // namespace tune::report
