#include "window_study.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include <fmt/format.h>

#include "kernel_timer.h"
#include "measure/stats.h"

namespace tune::race_real {

namespace {

double now_s() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

}  // namespace

std::vector<window_reading> study_windows(const std::vector<double>& windows_ms, double seconds, placement set) {
  // Row 0 and 1: identical copies; row 2: a third copy doing 3% less work.
  kernel_timer t({{"study",
                   {{"a", 0, full_elements},
                    {"a2", 1, full_elements},
                    {"b", 2, static_cast<std::size_t>(std::lround(full_elements * 0.97))}}}},
                 set);
  const std::size_t n = windows_ms.size();
  std::vector<std::uint64_t> reps(n);
  for (std::size_t w = 0; w < n; ++w) reps[w] = calls_per_window(t, 0, windows_ms[w]);
  std::vector<std::vector<double>> identical(n), faster(n), faster_ratio(n), one_row(n);
  const double until = now_s() + seconds;
  for (std::size_t round = 0; now_s() < until; ++round) {
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t w = (round + k) % n;
      double ns[3];
      for (std::size_t j = 0; j < 3; ++j) {
        const std::size_t row = (round + j) % 3;
        ns[row] = t.time_row(0, row, reps[w]);
      }
      identical[w].push_back(ns[0] / ns[1]);
      faster[w].push_back(ns[2] < ns[0] ? 1.0 : 0.0);
      faster_ratio[w].push_back(ns[0] / ns[2]);
      one_row[w].push_back(ns[0]);
    }
  }
  std::vector<window_reading> out;
  for (std::size_t w = 0; w < n; ++w) {
    window_reading r;
    r.window_ms = windows_ms[w];
    r.rounds = identical[w].size();
    r.identical_ratio_pct = (measure::median(identical[w]) - 1) * 100;
    r.identical_ratio_mad_pct = measure::mad_pct(identical[w]);
    r.faster_ratio_pct = (measure::median(faster_ratio[w]) - 1) * 100;
    r.window_mad_pct = measure::mad_pct(one_row[w]);
    for (double f : faster[w]) r.faster_first += f;
    r.faster_first /= static_cast<double>(r.rounds);
    const double edge = r.faster_first - 0.5;
    const double z_alpha = 1.96, z_power = 1.645;
    r.pairs_needed =
        edge <= 0 ? INFINITY
                  : std::pow((z_alpha * 0.5 + z_power * std::sqrt(r.faster_first * (1 - r.faster_first))) / edge, 2);
    r.seconds_needed = r.pairs_needed * 2 * r.window_ms / 1000;
    out.push_back(r);
  }
  return out;
}

std::string render_study(const std::vector<window_reading>& readings, const std::string& command,
                         const std::string& conditions) {
  std::string out = "# Window length on the real machine\n\n";
  out += fmt::format("Command: `{}`  \nConditions: {}\n\n", command, conditions);
  out +=
      "| window ms | rounds | identical rows: median ratio - 1 | its MAD | one row: window MAD | 3% less work: "
      "median ratio - 1 | P(it is faster) | pairs to resolve 3% | seconds to resolve 3% |\n"
      "|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : readings) {
    out += fmt::format("| {:g} | {} | {:+.2f}% | {:.2f}% | {:.2f}% | {:+.2f}% | {:.3f} | {:.0f} | {:.2f} |\n",
                       r.window_ms, r.rounds, r.identical_ratio_pct, r.identical_ratio_mad_pct, r.window_mad_pct,
                       r.faster_ratio_pct, r.faster_first, r.pairs_needed, r.seconds_needed);
  }
  return out;
}

}  // namespace tune::race_real
