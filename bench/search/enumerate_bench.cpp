// tune-space-rate: how fast the tool enumerates a searched space from its axes and rules
// (tuner/search/rules.h), in points checked a second: spaces of 5 axes, 7,776 to 3,200,000 points, with
// and without constraints. Each is enumerated 5 times and the fastest run counts. Prints a table;
// the numbers depend on the machine and its load (printed). docs/design/spaces.md quotes one run.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "search/rules.h"

namespace {

using tune::search::space_rules;

space_rules five_axes(int values) {
  space_rules r;
  for (const char* axis : {"A", "B", "C", "D", "ISA"}) {
    auto& v = r.axes.emplace_back(axis, std::vector<std::string>{}).second;
    for (int k = 1; k <= values; ++k)
      v.push_back(std::string(axis) == "ISA" ? "isa" + std::to_string(k) : std::to_string(k));
  }
  return r;
}

}  // namespace

int main() {
  std::string load = "unknown";
  if (std::ifstream in("/proc/loadavg"); in) std::getline(in, load);
  std::printf("tune-space-rate: enumerating 5-axis spaces (fastest of 5 runs; load average %s)\n\n", load.c_str());
  std::printf("| points checked | rules | points kept | seconds | million points checked a second |\n");
  std::printf("|---:|---|---:|---:|---:|\n");
  for (const int values : {6, 16, 20}) {
    for (const bool constrained : {false, true}) {
      space_rules rules = five_axes(values);
      std::string what = "none";
      if (constrained) {
        rules.excludes.push_back("A=1,B=2");
        rules.constraints.push_back(
            {"A * B <= 64 && C % 2 == 0", {"a:A", "a:B", "*", "v:64", "<=", "a:C", "v:2", "%", "v:0", "==", "&&"}});
        rules.constraints.push_back({"ISA != isa1 || D <= 4", {"a:ISA", "v:isa1", "!=", "a:D", "v:4", "<=", "||"}});
        what = "EXCLUDE, 2 constraints";
      }
      double best = 1e300;
      std::size_t kept = 0;
      for (int run = 0; run < 5; ++run) {
        const auto start = std::chrono::steady_clock::now();
        const auto flat = tune::search::enumerate(rules);
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        best = std::min(best, s);
        kept = flat.size() / rules.axes.size();
      }
      double checked = 1;
      for (const auto& axis : rules.axes) checked *= static_cast<double>(axis.second.size());
      std::printf("| %.0f | %s | %zu | %.4f | %.1f |\n", checked, what.c_str(), kept, best, checked / best / 1e6);
    }
  }
  return 0;
}
