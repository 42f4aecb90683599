#pragma once
// Timed windows (docs/measurement.md rules 2 and 12): sizing a repetition count so a window lands near
// the target, jittering window lengths, normalizing to time per call, and stopping between
// windows while the control file exists.
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "race/timing.h"
#include "race/protocol.h"

namespace tune::race {

// Thrown between windows when the control file exists; run_mint turns it into a status.
class interrupted : public std::exception {
 public:
  const char* what() const noexcept override { return "interrupted by the control file"; }
};

class window_runner {
 public:
  window_runner(timer& t, clock& c, const protocol& p);

  // Warm pass: times the row unscored with 1, 2, 4, ... calls until a window takes at least half
  // the target, then scales the count to the target. Returns the repetition count.
  std::uint64_t size_row(std::size_t family, std::size_t row);
  std::uint64_t size_probe();

  // One scored window; returns nanoseconds per call.
  double time_row(std::size_t family, std::size_t row, std::uint64_t reps);
  double time_probe(std::uint64_t reps);
  // One scored window of the row's relocated copy at `placement` (timer::time_relocated); ns per call.
  double time_relocated(std::size_t family, std::size_t row, int placement, std::uint64_t reps);

  // `reps` stretched by a fresh factor in [1, 1 + window_jitter), so windows do not lock onto a
  // periodic disturbance. Rows compared in one round share one draw (identical work).
  double draw_jitter();
  static std::uint64_t stretch(std::uint64_t reps, double factor);

  // A fresh random order of 0..n-1 (Fisher-Yates on this runner's generator, so the same seed
  // gives the same order on every standard library, unlike std::shuffle).
  std::vector<std::size_t> draw_order(std::size_t n);

  double now_s() { return clock_.now_s(); }
  // Busy-waits, charged to `phase`.
  void spin(double seconds, const std::string& phase = "spin");

  // Where the time goes: the phase rows' scored windows are charged to ("screen", "final",
  // "validate"); warm passes charge "warm", the probe "probe" and spins "spin".
  void enter(std::string phase) { phase_ = std::move(phase); }
  const std::map<std::string, double>& seconds_by_phase() const { return spent_; }

 private:
  void check_control_file() const;
  double draw_unit();
  std::uint64_t size(const std::function<double(std::uint64_t)>& window, const std::string& what);
  double charged(const std::string& phase, const std::function<double()>& work);
  // One scored window charged to `phase`: `window` returns ns for `reps` calls; ns per call. `what`
  // names the window in the error, built only then.
  double scored(const std::string& phase, const std::function<std::string()>& what, std::uint64_t reps,
                const std::function<double()>& window);

  timer& timer_;
  clock& clock_;
  const protocol& protocol_;
  std::mt19937_64 random_;
  std::string phase_ = "screen";
  std::map<std::string, double> spent_;
};

}  // namespace tune::race
