#include "race/synthetic.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

#include <fmt/format.h>

namespace tune::race {

void fake_clock::spin(double seconds) {
  now_ += seconds;
  spun_s += seconds;
  if (on_spin) on_spin();
}

synthetic_timer::synthetic_timer(fake_clock& c, std::uint64_t seed) : clock_(c), random_(seed) {}

double synthetic_timer::unit() { return static_cast<double>(random_() >> 11) * 0x1.0p-53; }

double synthetic_timer::gaussian() {
  const double u1 = 1 - unit();  // (0, 1]: log stays finite
  const double u2 = unit();
  return std::sqrt(-2 * std::log(u1)) * std::cos(2 * std::numbers::pi * u2);
}

double synthetic_timer::window(double ns_per_call, std::uint64_t reps, const window_noise& noise) {
  if (before_window) before_window();
  ++windows;
  const double sigma = std::sqrt(std::log1p(noise.cv * noise.cv));
  double factor = std::exp(sigma * gaussian());
  if (noise.outlier_rate > 0 && unit() < noise.outlier_rate) factor *= noise.outlier_factor;
  const double machine = level ? level(clock_.now_s()) : 1.0;
  const double ns = ns_per_call * static_cast<double>(reps) * machine * factor;
  clock_.advance(ns / 1e9);
  return ns;
}

void synthetic_timer::maybe_fail(std::size_t family, std::size_t row) {
  if (!fails) return;
  if (auto why = fails(family, row)) throw row_failed(family, row, *why);
}

double synthetic_timer::time_row(std::size_t family, std::size_t row, std::uint64_t reps) {
  if (!ns_per_call) throw std::logic_error("synthetic_timer: set ns_per_call before racing");
  maybe_fail(family, row);
  timed_rows.insert({family, row});
  return window(ns_per_call(family, row), reps, rows);
}

double synthetic_timer::time_relocated(std::size_t family, std::size_t row, int placement, std::uint64_t reps) {
  if (!relocated_ns_per_call)
    throw std::logic_error("synthetic_timer: set relocated_ns_per_call before a relocated re-race");
  maybe_fail(family, row);
  timed_relocated.insert({family, row, placement});
  return window(relocated_ns_per_call(family, row, placement), reps, rows);
}

double synthetic_timer::time_probe(std::uint64_t reps) { return window(probe_ns_per_call, reps, probe); }

}  // namespace tune::race
