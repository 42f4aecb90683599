#include "copy_survey.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>

#include <fmt/format.h>

#include "kernel_timer.h"
#include "measure/stats.h"

namespace tune::race_real {

namespace {

struct stretch_reading {
  double worst_pct = 0;
  std::size_t judged = 0, off = 0;
  double share_off() const { return judged == 0 ? 0.0 : static_cast<double>(off) / static_cast<double>(judged); }
};

}  // namespace

copy_survey survey_copies(placement set, double seconds, double window_ms, double stretch_s) {
  const std::vector<dot_fn>& dots = identical_dots(set);
  kernel_timer t({raced_copies_family("survey")}, set);
  const auto reps = calls_per_window(t, 0, window_ms);
  // Every copy of the set: the raced ones, then each relocated placement's.
  const std::size_t n = dots.size();
  std::vector<std::vector<double>> ratios(n);
  std::vector<std::size_t> stretch_of_round;
  std::vector<double> round_at_s;
  std::vector<std::size_t> order(n);
  for (std::size_t k = 0; k < n; ++k) order[k] = k;
  std::mt19937_64 random(1);
  const auto now = [] { return std::chrono::steady_clock::now(); };
  const auto started = now();
  const auto until =
      started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
  while (now() < until) {
    const double at_s = std::chrono::duration<double>(now() - started).count();
    std::shuffle(order.begin(), order.end(), random);
    std::vector<double> ns(n);
    for (const std::size_t copy : order) ns[copy] = t.time_copy(copy, full_elements, reps);
    for (std::size_t k = 0; k < n; ++k) ratios[k].push_back(ns[k] / ns[0]);
    stretch_of_round.push_back(static_cast<std::size_t>(at_s / stretch_s));
    round_at_s.push_back(at_s);
  }
  copy_survey out;
  out.rounds = ratios[0].size();
  out.stretch_s = stretch_s;
  // The null: the same rounds dealt into groups of the same sizes at random. Noise alone puts a
  // stretch 3% off as often in a random group as in a stretch of consecutive rounds; a copy whose
  // speed really wanders for seconds does it more often in the stretches.
  std::vector<std::size_t> shuffled_stretch = stretch_of_round;
  std::shuffle(shuffled_stretch.begin(), shuffled_stretch.end(), random);
  const auto judge = [&](const std::vector<double>& values, const std::vector<std::size_t>& group_of) {
    std::map<std::size_t, std::vector<double>> groups;
    for (std::size_t i = 0; i < values.size(); ++i) groups[group_of[i]].push_back(values[i]);
    stretch_reading reading;
    for (const auto& [group, members] : groups) {
      // A stretch cut short at the end of the run has too few rounds for a median to mean much.
      if (members.size() < 10) continue;
      const double deviation = std::abs(measure::median(members) - 1) * 100;
      reading.worst_pct = std::max(reading.worst_pct, deviation);
      ++reading.judged;
      reading.off += deviation >= 3;
    }
    return reading;
  };
  for (std::size_t k = 0; k < n; ++k) {
    // Function addresses keep their offset within a page under ASLR, so this is the link's offset.
    const auto address = reinterpret_cast<std::uintptr_t>(dots[k]);
    const stretch_reading consecutive = judge(ratios[k], stretch_of_round);
    const stretch_reading dealt = judge(ratios[k], shuffled_stretch);
    out.stretches = consecutive.judged;
    out.copies.push_back({k, static_cast<unsigned>(address % 4096), (measure::median(ratios[k]) - 1) * 100,
                          measure::mad_pct(ratios[k]), consecutive.worst_pct, consecutive.share_off(),
                          dealt.share_off()});
  }
  out.round_at_s = std::move(round_at_s);
  out.ratios = std::move(ratios);
  return out;
}

std::string survey_rounds_csv(const copy_survey& survey) {
  std::string out = "at_s";
  for (std::size_t k = 0; k < survey.ratios.size(); ++k) out += fmt::format(",copy{}", k);
  out += "\n";
  for (std::size_t i = 0; i < survey.round_at_s.size(); ++i) {
    out += fmt::format("{:.4f}", survey.round_at_s[i]);
    for (const auto& copy : survey.ratios) out += fmt::format(",{:.5f}", copy[i]);
    out += "\n";
  }
  return out;
}

std::string render_survey(const copy_survey& survey, const std::string& command, const std::string& conditions) {
  std::string out = "# Byte-identical copies at different addresses\n\n";
  out += fmt::format("Command: `{}`  \nConditions: {}; {} rounds; {} stretches of {:g} s.\n\n", command, conditions,
                     survey.rounds, survey.stretches, survey.stretch_s);
  out +=
      "| copy | address within its page | median ratio to copy 0 - 1 | MAD of the ratio | worst stretch: |median ratio "
      "- 1| "
      "| stretches 3% or more off | the same rounds dealt at random: groups 3% or more off "
      "|\n|---|---|---|---|---|---|---|\n";
  for (const auto& r : survey.copies)
    out += fmt::format("| {} | {:#05x} | {:+.2f}% | {:.2f}% | {:.2f}% | {:.0f}% | {:.0f}% |\n", r.copy, r.offset,
                       r.ratio_to_first_pct, r.mad_pct, r.worst_stretch_pct, r.stretches_off * 100, r.dealt_off * 100);
  return out;
}

}  // namespace tune::race_real
