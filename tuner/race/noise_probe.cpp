#include "race/noise_probe.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "measure/stats.h"

namespace tune::race {

probe_point probe_once(window_runner& w, const protocol& p, const std::string& label, const event_sink& events) {
  const std::uint64_t reps = w.size_probe();
  std::vector<double> per_call;
  for (int i = 0; i < p.probe_windows; ++i) {
    if (events.step) events.step(label, "probe", i + 1, p.probe_windows, 0);
    per_call.push_back(w.time_probe(window_runner::stretch(reps, w.draw_jitter())));
  }
  return {label, measure::mad_pct(per_call), measure::cv_pct(per_call)};
}

bool take_noise_probe(mint_result& mint, window_runner& w, const protocol& p, const std::string& label,
                      const event_sink& events) {
  probe_point reading = probe_once(w, p, label, events);
  mint.probes.push_back(reading);
  if (reading.mad_pct > p.probe_settle * 100) {
    w.spin(p.spin_seconds);
    reading = probe_once(w, p, label + "-settled", events);
    mint.probes.push_back(reading);
  }
  mint.noise_floor_pct = std::max(mint.noise_floor_pct, reading.mad_pct);
  if (reading.mad_pct <= p.noise_ceiling * 100) return true;
  if (p.noise_override) {
    mint.noise_overridden = true;
    return true;
  }
  mint.status = mint_status::noise_refused;
  mint.families.clear();
  mint.reason = fmt::format(
      "noise: the probe's spread at {} is {:.1f}% (MAD), above the ceiling of {:.1f}% (TUNE_NOISE_CEILING); "
      "nothing was written. Quiet the machine and mint again, or set TUNE_NOISE_OVERRIDE=1 to mint anyway",
      reading.label, reading.mad_pct, p.noise_ceiling * 100);
  return false;
}

}  // namespace tune::race
