#pragma once
// One race table as an inline SVG chart: a line per timed row with the quartiles of its rounds as
// a box, its median as a tick and its best round as a dot, on the time_axis() of its rows, and the
// seat, the fallback and a demoted row marked. Needs no script and no font but the browser's.
#include <string>
#include <vector>

#include "race/table.h"

namespace tune::report {

// `title` names the chart for readers (aria-label); rows never timed are left out (the page lists them).
std::string race_chart(const race::race_table& race, const std::string& title);

// The chart's time axis for rows whose times lie in [min_ns, max_ns]: linear from 0 when they
// spread over more than half of that; zoomed to a round range around them when they cluster far
// from 0; logarithmic when the slowest is 10 times the fastest or more, so that close rows are not
// squeezed into a few pixels beside a slow one. Ticks are round: 1, 2 or 5 times a power of 10.
struct time_axis {
  bool log = false;
  double lo = 0, hi = 1;       // ns at the plot's two ends
  std::vector<double> ticks;   // from lo to hi
  double at(double ns) const;  // where `ns` lies along the plot, 0 to 1
};
time_axis axis_for(double min_ns, double max_ns);

// A tick's label in the unit that keeps it short: "500 ns", "2.5 µs", "20 ms".
std::string tick_text(double ns);

}  // namespace tune::report
