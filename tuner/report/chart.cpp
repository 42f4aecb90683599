#include "report/chart.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "report/markup.h"
#include "stamp/describe.h"

namespace tune::report {

namespace {

// Geometry, in SVG user units: names on the left, the plot, the numbers on the right.
constexpr double label_right = 210, plot_left = 220, plot_width = 380, values_left = 612, width = 1000;
// The axis: its ticks on one line, what it measures on the next (beside the ticks it hid the first).
constexpr double row_height = 22, top = 6, axis_height = 40;

struct timed_row {
  std::string suffix;
  const race::race_row* row;
};

std::string tags_of(const race::race_table& race, const timed_row& r) {
  std::vector<std::string> tags;
  if (r.suffix == race.winner) tags.push_back("seat");
  if (r.suffix == race.fallback) tags.push_back("fallback");
  if (race.demoted && r.suffix == *race.demoted) tags.push_back("demoted");
  if (r.row->last_fail_reason) tags.push_back("failed after timing");
  if (r.row->carried_from) tags.push_back("measured earlier");  // tune mint --only-new kept it
  if (r.row->search_batch) tags.push_back("search batch");      // a searched family's batch timed it
  std::string out;
  for (const auto& t : tags) out += (out.empty() ? "" : " ") + t;
  return out;
}

std::string ns(double v) { return fmt::format("{:.1f} ns", v); }

// The round values 1, 2 and 5 times a power of 10: the smallest at or above `v` (up) or the
// largest at or below it.
double round_up(double v) {
  const double p = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= v * (1 - 1e-9)) return m * p;
  return 10 * p;
}
double round_down(double v) {
  const double p = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {5.0, 2.0, 1.0})
    if (m * p <= v * (1 + 1e-9)) return m * p;
  return p;
}

}  // namespace

double time_axis::at(double v) const {
  if (hi <= lo) return 0;
  const double f = log ? std::log(std::max(v, lo) / lo) / std::log(hi / lo) : (v - lo) / (hi - lo);
  return std::clamp(f, 0.0, 1.0);
}

time_axis axis_for(double min_ns, double max_ns) {
  time_axis a;
  if (!(max_ns > 0)) return a;  // nothing timed above 0: a unit axis
  if (min_ns > 0 && max_ns >= 10 * min_ns) {
    a.log = true;
    a.lo = round_down(min_ns);
    a.hi = round_up(max_ns);
    for (double v = a.lo; v <= a.hi * (1 + 1e-9); v = round_up(v * 1.5)) a.ticks.push_back(v);
    // More than 8 ticks crowd the axis: powers of 10 only (and the ends).
    if (a.ticks.size() > 8) {
      std::vector<double> decades{a.lo};
      for (double v = std::pow(10.0, std::ceil(std::log10(a.lo))); v < a.hi; v *= 10)
        if (v > a.lo) decades.push_back(v);
      decades.push_back(a.hi);
      a.ticks = decades;
    }
    return a;
  }
  // Linear, with about four steps of a round size; from 0 unless the rows sit far from it.
  const bool zoom = min_ns > 0 && min_ns > (max_ns - min_ns);
  const double step = round_up((zoom ? max_ns - min_ns : max_ns) / 4);
  // Whole multiples of the step, each computed afresh: no sum of steps drifting off the round value.
  const double first = zoom ? std::floor(min_ns / step * (1 + 1e-9)) : 0;
  const double last = std::max(first + 1, std::ceil(max_ns / step * (1 - 1e-9)));
  for (double k = first; k <= last; ++k) a.ticks.push_back(k * step);
  a.lo = a.ticks.front();
  a.hi = a.ticks.back();
  return a;
}

std::string tick_text(double v) {
  const auto short_number = [](double x) {
    // Round values: no trailing zeros, and no float noise such as 0.30000000000000004.
    return fmt::format("{}", std::round(x * 1000) / 1000);
  };
  if (v >= 1e9) return short_number(v / 1e9) + " s";
  if (v >= 1e6) return short_number(v / 1e6) + " ms";
  if (v >= 1e3) return short_number(v / 1e3) + " µs";
  return short_number(v) + " ns";
}

std::string race_chart(const race::race_table& race, const std::string& title) {
  std::vector<timed_row> rows;
  for (const auto& [suffix, row] : race.rows)
    if (row.median_ns) rows.push_back({suffix, &row});
  if (rows.empty()) return "";
  // Fastest first; equal medians in name order, so the page is the same for the same table.
  std::sort(rows.begin(), rows.end(), [](const timed_row& a, const timed_row& b) {
    return *a.row->median_ns != *b.row->median_ns ? *a.row->median_ns < *b.row->median_ns : a.suffix < b.suffix;
  });
  double max_ns = 0, min_ns = *rows.front().row->median_ns;
  for (const auto& r : rows) {
    const auto& row = *r.row;
    max_ns = std::max({max_ns, *row.median_ns, row.q3_ns.value_or(0), row.best_ns.value_or(0)});
    min_ns =
        std::min({min_ns, *row.median_ns, row.q1_ns.value_or(*row.median_ns), row.best_ns.value_or(*row.median_ns)});
  }
  const auto axis = axis_for(min_ns, max_ns);
  const auto x = [&](double v) { return plot_left + plot_width * axis.at(v); };
  const double height = top + row_height * static_cast<double>(rows.size()) + axis_height;

  std::string svg = fmt::format(
      "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" "
      "role=\"img\" aria-label=\"{}\">\n",
      width, height, width, height, escape(title));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const auto& row = *r.row;
    const double y = top + row_height * static_cast<double>(i) + row_height / 2;
    const std::string tags = tags_of(race, r);
    std::string detail = fmt::format("{}: median {}", r.suffix, ns(*row.median_ns));
    if (row.q1_ns && row.q3_ns) detail += fmt::format(", quartiles {} to {}", ns(*row.q1_ns), ns(*row.q3_ns));
    if (row.best_ns) detail += ", best " + ns(*row.best_ns);
    detail += fmt::format(", {} rounds", row.rounds.value_or(0));
    if (row.carried_from) detail += ", measured by the mint of " + *row.carried_from + ", not this one";
    if (row.search_batch) detail += fmt::format(", timed in batch {} of the family's search", *row.search_batch);
    svg += fmt::format("<g class=\"row {}\" data-row=\"{}\"><title>{}</title>", escape(tags), escape(r.suffix),
                       escape(detail));
    svg += fmt::format("<text class=\"name\" x=\"{}\" y=\"{:.1f}\">{}</text>", label_right, y + 4, escape(r.suffix));
    svg += fmt::format("<line class=\"track\" x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\"/>", plot_left,
                       plot_left + plot_width, y, y);
    if (row.q1_ns && row.q3_ns)
      svg += fmt::format("<rect class=\"spread\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"12\"/>",
                         x(*row.q1_ns), y - 6, std::max(1.0, x(*row.q3_ns) - x(*row.q1_ns)));
    svg += fmt::format("<line class=\"median\" x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\"/>",
                       x(*row.median_ns), y - 8, y + 8);
    if (row.best_ns)
      svg += fmt::format("<circle class=\"best\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\"/>", x(*row.best_ns), y);
    std::string value = stamp::time_text(
        row.median_ns, race.work ? std::optional(race::rate_text(*race.work, *row.median_ns)) : std::nullopt);
    if (!tags.empty()) value += " · " + tags;
    svg +=
        fmt::format("<text class=\"value\" x=\"{}\" y=\"{:.1f}\">{}</text></g>\n", values_left, y + 4, escape(value));
  }
  const double axis_y = top + row_height * static_cast<double>(rows.size()) + 4;
  svg += fmt::format("<g class=\"axis\"><line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\"/>", plot_left,
                     plot_left + plot_width, axis_y, axis_y);
  for (const double v : axis.ticks)
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\"/><text class=\"tick\" x=\"{0:.1f}\" "
        "y=\"{3:.1f}\">{4}</text>",
        x(v), axis_y, axis_y + 4, axis_y + 17, tick_text(v));
  svg += fmt::format("<text class=\"unit\" x=\"{}\" y=\"{:.1f}\">time per call{}</text></g>\n</svg>\n", plot_left,
                     axis_y + 31,
                     axis.log      ? ", log scale"
                     : axis.lo > 0 ? ", axis not from 0"
                                   : "");
  return svg;
}

}  // namespace tune::report
