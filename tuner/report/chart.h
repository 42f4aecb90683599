#pragma once
// One race table as an inline SVG chart: a line per timed row with the quartiles of its rounds as
// a box, its median as a tick and its best round as a dot, on one linear scale from 0, and the
// seat, the fallback and a demoted row marked. Needs no script and no font but the browser's.
#include <string>

#include "race/table.h"

namespace tune::report {

// `title` names the chart for readers (aria-label); rows never timed are left out (the page lists them).
std::string race_chart(const race::race_table& race, const std::string& title);

}  // namespace tune::report
