#pragma once
// What the race engine measures through (race::clock, race::timer). The tune bench implements
// them with std::chrono::steady_clock and the compiled rows; tests and the simulation benchmark
// implement them with synthetic timings, so every decision rule runs deterministically.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "race/result.h"

namespace tune::race {

class clock {
 public:
  virtual ~clock() = default;
  virtual double now_s() = 0;             // monotonic seconds
  virtual void spin(double seconds) = 0;  // busy-wait (never sleep: a sleeping thread wakes cold)
};

// Thrown by a timer when a row fails while it is timed (it crashed, exited, threw or overran its
// time limit): the engine excludes the row and races its family again without it.
class row_failed : public std::runtime_error {
 public:
  row_failed(std::size_t family, std::size_t row, row_failure why)
      : std::runtime_error(why.summary()), family(family), row(row), why(std::move(why)) {}
  std::size_t family;
  std::size_t row;
  row_failure why;
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
  // After the race, before the seat is kept: calls row `row` of family `family` again and compares
  // it with the reference (docs/measurement.md rule 1, once more). Returns why it fails; nullopt when it passes
  // or the timer has no outputs to compare (synthetic timings).
  virtual std::optional<row_failure> recheck(std::size_t /*family*/, std::size_t /*row*/) { return std::nullopt; }
};

}  // namespace tune::race
