#include "copy_survey.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>

#include <fmt/format.h>

#include "kernel_timer.h"
#include "measure/stats.h"

namespace tune::race_real {

copy_survey survey_copies(placement set, double seconds, double window_ms) {
  const std::vector<dot_fn>& dots = identical_dots(set);
  family_spec family{"survey", {}};
  for (std::size_t k = 0; k < dots.size(); ++k) family.rows.push_back({fmt::format("copy{}", k), k, full_elements});
  kernel_timer t({family}, set);
  double best = INFINITY;
  for (int i = 0; i < 5; ++i) best = std::min(best, t.time_row(0, 0, 1000) / 1000);
  const auto reps = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(window_ms * 1e6 / best));
  const std::size_t n = dots.size();
  std::vector<std::vector<double>> ratios(n);
  const auto now = [] { return std::chrono::steady_clock::now(); };
  const auto until = now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                 std::chrono::duration<double>(seconds));
  for (std::size_t round = 0; now() < until; ++round) {
    std::vector<double> ns(n);
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t copy = (round + k) % n;
      ns[copy] = t.time_row(0, copy, reps);
    }
    for (std::size_t k = 0; k < n; ++k) ratios[k].push_back(ns[k] / ns[0]);
  }
  copy_survey out;
  out.rounds = ratios[0].size();
  for (std::size_t k = 0; k < n; ++k) {
    // Function addresses keep their offset within a page under ASLR, so this is the link's offset.
    const auto address = reinterpret_cast<std::uintptr_t>(dots[k]);
    out.copies.push_back({k, static_cast<unsigned>(address % 64), (measure::median(ratios[k]) - 1) * 100,
                          measure::mad_pct(ratios[k])});
  }
  return out;
}

std::string render_survey(const copy_survey& survey, const std::string& command, const std::string& conditions) {
  std::string out = "# Byte-identical copies at different addresses\n\n";
  out += fmt::format("Command: `{}`  \nConditions: {}; {} rounds.\n\n", command, conditions, survey.rounds);
  out += "| copy | address mod 64 | median ratio to copy 0 - 1 | MAD of the ratio |\n|---|---|---|---|\n";
  for (const auto& r : survey.copies)
    out += fmt::format("| {} | {} | {:+.2f}% | {:.2f}% |\n", r.copy, r.offset, r.ratio_to_first_pct, r.mad_pct);
  return out;
}

}  // namespace tune::race_real
