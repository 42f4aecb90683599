#pragma once
// Synthetic timings for the race engine: a clock that advances only with the synthetic work and
// a timer whose windows are true cost x machine level x lognormal noise (x an occasional
// outlier). The unit tests and the simulation benchmark race through these, so every rule is
// exercised deterministically and instantly.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <tuple>
#include <utility>

#include "race/timing.h"

namespace tune::race {

class fake_clock final : public clock {
 public:
  double now_s() override { return now_; }
  void spin(double seconds) override;
  void advance(double seconds) { now_ += seconds; }

  double spun_s = 0;              // total time spent spinning
  std::function<void()> on_spin;  // runs after each spin (a test's settling machine)

 private:
  double now_ = 0;
};

struct window_noise {
  double cv = 0.01;           // each window's factor is lognormal with median 1 and this cv
  double outlier_rate = 0;    // share of windows hit by a disturbance
  double outlier_factor = 3;  // such a window takes this many times longer
};

class synthetic_timer final : public timer {
 public:
  synthetic_timer(fake_clock& c, std::uint64_t seed);

  // True nanoseconds per call of a row; may read state a test changes mid-mint.
  std::function<double(std::size_t family, std::size_t row)> ns_per_call;
  // True nanoseconds per call of a row's relocated copy at a placement (timer::time_relocated),
  // at `placements` placements. Unset: the timer has no relocated copies.
  std::function<double(std::size_t family, std::size_t row, int placement)> relocated_ns_per_call;
  int placements = 1;
  double probe_ns_per_call = 1000;
  window_noise rows;
  window_noise probe;
  // The machine's speed level at time t (1 = nominal; 1.4 = everything 40% slower): drift.
  std::function<double(double t)> level;
  // Runs before every window, rows and probe alike (a test's control file appearing).
  std::function<void()> before_window;
  // A row's window that fails (the row crashed, hung...): thrown as row_failed instead of timed.
  std::function<std::optional<row_failure>(std::size_t family, std::size_t row)> fails;
  // What timer::recheck answers for a seat after the race (unset: it passes).
  std::function<std::optional<row_failure>(std::size_t family, std::size_t row)> rechecks;

  std::size_t windows = 0;                                              // every window, warm ones included
  std::set<std::pair<std::size_t, std::size_t>> timed_rows;             // (family, row) ever timed
  std::set<std::tuple<std::size_t, std::size_t, int>> timed_relocated;  // (family, row, placement) timed

  double time_row(std::size_t family, std::size_t row, std::uint64_t reps) override;
  double time_probe(std::uint64_t reps) override;
  int relocated_placements() const override { return relocated_ns_per_call ? placements : 0; }
  double time_relocated(std::size_t family, std::size_t row, int placement, std::uint64_t reps) override;
  std::optional<row_failure> recheck(std::size_t family, std::size_t row) override {
    return rechecks ? rechecks(family, row) : std::nullopt;
  }

 private:
  void maybe_fail(std::size_t family, std::size_t row);
  double window(double ns_per_call, std::uint64_t reps, const window_noise& noise);
  double unit();      // uniform in [0, 1), identical on every standard library
  double gaussian();  // standard normal (Box-Muller)

  fake_clock& clock_;
  std::mt19937_64 random_;
};

}  // namespace tune::race
