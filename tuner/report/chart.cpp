#include "report/chart.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "report/markup.h"
#include "stamp/describe.h"

namespace tune::report {

namespace {

// Geometry, in SVG user units: names on the left, the plot, the numbers on the right.
constexpr double label_right = 210, plot_left = 220, plot_width = 380, values_left = 612, width = 1000;
constexpr double row_height = 22, top = 6, axis_height = 26;

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
  std::string out;
  for (const auto& t : tags) out += (out.empty() ? "" : " ") + t;
  return out;
}

std::string ns(double v) { return fmt::format("{:.1f} ns", v); }

}  // namespace

std::string race_chart(const race::race_table& race, const std::string& title) {
  std::vector<timed_row> rows;
  for (const auto& [suffix, row] : race.rows)
    if (row.median_ns) rows.push_back({suffix, &row});
  if (rows.empty()) return "";
  // Fastest first; equal medians in name order, so the page is the same for the same table.
  std::sort(rows.begin(), rows.end(), [](const timed_row& a, const timed_row& b) {
    return *a.row->median_ns != *b.row->median_ns ? *a.row->median_ns < *b.row->median_ns : a.suffix < b.suffix;
  });
  double top_ns = 0;
  for (const auto& r : rows)
    top_ns = std::max({top_ns, *r.row->median_ns, r.row->q3_ns.value_or(0), r.row->best_ns.value_or(0)});
  top_ns = top_ns > 0 ? top_ns * 1.08 : 1;
  const auto x = [&](double v) { return plot_left + plot_width * std::clamp(v / top_ns, 0.0, 1.0); };
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
  for (int k = 0; k <= 4; ++k) {
    const double v = top_ns * k / 4;
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\"/><text x=\"{0:.1f}\" "
        "y=\"{3:.1f}\">{4}</text>",
        x(v), axis_y, axis_y + 4, axis_y + 17, v >= 100 ? fmt::format("{:.0f}", v) : fmt::format("{:.3g}", v));
  }
  svg += fmt::format("<text class=\"unit\" x=\"{}\" y=\"{:.1f}\">ns per call</text></g>\n</svg>\n", label_right,
                     axis_y + 17);
  return svg;
}

}  // namespace tune::report
