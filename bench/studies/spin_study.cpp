#include "spin_study.h"

#include <chrono>
#include <cmath>
#include <thread>

#include <fmt/format.h>

#include "kernel_timer.h"
#include "measure/real_clock.h"
#include "measure/stats.h"
#include "race/noise_probe.h"

namespace tune::race_real {

std::vector<spin_reading> study_spins(const std::vector<double>& spins_s, std::size_t trials, double sleep_s,
                                      const race::protocol& p) {
  kernel_timer timer({}, placement::aligned);
  measure::real_clock clock;
  race::window_runner w(timer, clock, p);
  std::vector<std::vector<double>> first(spins_s.size()), second(spins_s.size()), second_noisy(spins_s.size());
  std::vector<spin_reading> out(spins_s.size());
  for (std::size_t t = 0; t < trials; ++t) {
    for (std::size_t k = 0; k < spins_s.size(); ++k) {
      const std::size_t s = (t + k) % spins_s.size();
      std::this_thread::sleep_for(std::chrono::duration<double>(sleep_s));
      const double a = race::probe_once(w, p, "first", {}).mad_pct;
      if (spins_s[s] > 0) w.spin(spins_s[s]);
      const double b = race::probe_once(w, p, "second", {}).mad_pct;
      first[s].push_back(a);
      second[s].push_back(b);
      ++out[s].trials;
      if (a > p.probe_settle * 100) {
        ++out[s].noisy;
        out[s].settled += b <= p.probe_settle * 100;
        second_noisy[s].push_back(b);
      }
    }
  }
  for (std::size_t s = 0; s < spins_s.size(); ++s) {
    out[s].spin_s = spins_s[s];
    out[s].first_mad_pct = measure::median(first[s]);
    out[s].second_mad_pct = measure::median(second[s]);
    out[s].second_if_noisy_pct = second_noisy[s].empty() ? NAN : measure::median(second_noisy[s]);
  }
  return out;
}

std::string render_spins(const std::vector<spin_reading>& readings, const std::string& command,
                         const std::string& conditions, const race::protocol& p, double sleep_s) {
  std::string out = "# The settling spin on the real machine\n\n";
  out += fmt::format(
      "Command: `{}`  \nConditions: {}. Each trial sleeps {:g} s, probes ({} windows of {:g} ms), spins, "
      "probes again.\n\n",
      command, conditions, sleep_s, p.probe_windows, p.window_ms);
  out += fmt::format(
      "| spin s | trials | first probe MAD (median) | second (median) | first above {:.0f}% | of those, "
      "second at or below | second after a noisy first (median) |\n|---|---|---|---|---|---|---|\n",
      p.probe_settle * 100);
  for (const auto& r : readings) {
    out += fmt::format("| {:g} | {} | {:.2f}% | {:.2f}% | {} | {} | {:.2f}% |\n", r.spin_s, r.trials, r.first_mad_pct,
                       r.second_mad_pct, r.noisy, r.settled, r.second_if_noisy_pct);
  }
  return out;
}

}  // namespace tune::race_real
