#include "scenarios.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "race/engine.h"
#include "race/synthetic.h"

namespace tune::simulate {

const std::vector<scenario>& scenarios() {
  static const std::vector<scenario> all{
      {"cv 1%", 0.01, 0, 0},
      {"cv 3%", 0.03, 0, 0},
      {"cv 8%", 0.08, 0, 0},
      {"cv 3% + drift 20%", 0.03, 0.20, 0},
      {"cv 3% + outliers 5%", 0.03, 0, 0.05},
      {"cv 8% + drift + outliers", 0.08, 0.20, 0.05},
  };
  return all;
}

const std::vector<double>& planted_gains() {
  static const std::vector<double> all{0.02, 0.03, 0.05, 0.10, 0.20};
  return all;
}

namespace {

std::string miss_reason(const race::family_result& f) {
  if (f.outcome == race::verdict::won) return "another row won";
  if (f.outcome == race::verdict::demoted)
    return f.note.find("closing floor") != std::string::npos ? "demoted: closing floor" : "demoted: re-race";
  if (f.note.find("sign test") != std::string::npos) return "holds: sign test";
  if (f.note.find("below the need") != std::string::npos) return "holds: below need";
  return std::string(race::to_string(f.outcome));
}

}  // namespace

cell_result run_cell(const scenario& s, family_shape shape, double gain, std::size_t races, const race::protocol& base,
                     std::uint64_t seed) {
  constexpr double fallback_ns = 1000;
  std::vector<double> costs;
  race::family_input family;
  family.name = "sim";
  if (shape == family_shape::four) {
    // The planted row sits last in grid order, so no tie-break (rule 7) favours it.
    costs = {fallback_ns, fallback_ns, fallback_ns, gain > 0 ? fallback_ns / (1 + gain) : fallback_ns};
    for (const char* suffix : {"fallback", "twin1", "twin2", "planted"}) family.rows.push_back({suffix, std::nullopt});
  } else {
    // Work relative to the fallback, as bench/race-real's mixed grid; the best row comes last.
    const std::vector<double> work{1.00, 1.00, 1.05, 1.10, 1.25, 1.40, 1.60, 2.00, 0.95, 0.90, 0.82, 0.80};
    for (std::size_t k = 0; k < work.size(); ++k) {
      costs.push_back(fallback_ns * work[k]);
      // The best two rows are tied (2.5% apart, inside the 3% band): rule 7 may seat either.
      family.rows.push_back(
          {k + 2 >= work.size() ? "planted" + std::to_string(k) : "w" + std::to_string(k), std::nullopt});
    }
  }

  cell_result out;
  for (std::size_t i = 0; i < races; ++i) {
    race::protocol p = base;
    p.seed = seed + i * 7919;
    // Decisions are what is measured here; the ceiling's refusals are counted, not enforced.
    p.noise_override = true;
    race::fake_clock clock;
    race::synthetic_timer timer(clock, seed ^ (0x9e3779b97f4a7c15ull * (i + 1)));
    timer.ns_per_call = [&](std::size_t, std::size_t row) { return costs[row]; };
    timer.rows = {s.cv, s.outlier_rate, 3};
    timer.probe = {s.cv, s.outlier_rate, 3};
    if (s.drift > 0) {
      // A slow swing with a period of a few seconds and a phase of its own per race: the level
      // moves during the race, between race and re-race, and between probes.
      const double phase = static_cast<double>((seed + i) % 1000) / 1000 * 2 * std::numbers::pi;
      timer.level = [amplitude = s.drift, phase](double t) {
        return 1 + amplitude * std::sin(2 * std::numbers::pi * t / 3.0 + phase);
      };
    }
    const race::mint_result m = race::run_mint({family}, timer, clock, p);
    const race::family_result& f = m.families.at(0);
    const bool won = f.outcome == race::verdict::won;
    const bool hit = shape == family_shape::twelve_mixed ? won && f.winner.rfind("planted", 0) == 0
                     : gain > 0                          ? won && f.winner == "planted"
                                                         : won;
    out.hits += hit;
    const double closing_need = std::max(p.min_margin, m.noise_floor_pct / 100);
    if (shape == family_shape::four && gain > 0 && gain >= 2 * closing_need) {
      ++out.qualifying;
      out.qualifying_hits += hit;
      if (!hit) ++out.misses[miss_reason(f)];
    }
    out.would_refuse += m.noise_overridden;
    out.needs.push_back(f.need_pct);
    out.mint_s.push_back(m.ms / 1000);
    for (const auto& [phase, seconds] : m.phase_s) out.phase_s[phase] += seconds;
    ++out.races;
  }
  return out;
}

}  // namespace tune::simulate
