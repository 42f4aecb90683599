#pragma once
// What the race engine measures through. The real bench implements these with
// std::chrono::steady_clock and the compiled rows; tests and the simulation benchmark implement
// them with synthetic timings, so every decision rule runs deterministically.
#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace tune::race {

class clock {
 public:
  virtual ~clock() = default;
  virtual double now_s() = 0;               // monotonic seconds
  virtual void spin(double seconds) = 0;    // busy-wait (never sleep: a sleeping thread wakes cold)
};

class timer {
 public:
  virtual ~timer() = default;
  // Runs `reps` calls of row `row` of family `family` back to back; returns elapsed nanoseconds.
  virtual double time_row(std::size_t family, std::size_t row, std::uint64_t reps) = 0;
  // Runs `reps` calls of the fixed noise-probe kernel; returns elapsed nanoseconds.
  virtual double time_probe(std::uint64_t reps) = 0;
  // Rule 8, relocated (protocol::validate_relocated): `reps` calls of a byte-identical copy of row
  // `row` at another address, the copy at `placement` (1 to relocated_placements()). Only timers
  // that have such copies say how many placements they have and implement it.
  virtual int relocated_placements() const { return 0; }
  virtual double time_relocated(std::size_t /*family*/, std::size_t /*row*/, int /*placement*/,
                                std::uint64_t /*reps*/) {
    throw std::logic_error("timer::time_relocated: this timer has no relocated copies (relocated_placements() is 0)");
  }
};

}  // namespace tune::race
