#pragma once
// How long a family's race will take, conservatively (docs/measurement.md rule 11), from the
// protocol's window counts scaled by the worst overrun the races so far have shown.
#include <cstddef>

#include "race/protocol.h"
#include "race/rounds.h"

namespace tune::race {

class budget_estimate {
 public:
  explicit budget_estimate(const protocol& p) : protocol_(p) {}

  // Seconds a race of `runnable` rows takes when every window is as long as planned: the warm
  // pass (under two windows a row), the screen, the final of at most max_twins + 2 finalists
  // and the validation re-race, each window at its longest jitter.
  double nominal_s(std::size_t runnable, const round_plan& rounds) const;
  // nominal_s scaled by the largest actual/nominal ratio recorded so far (never below 1).
  double family_s(std::size_t runnable, const round_plan& rounds) const;
  // One probe point without a spin: its warm pass and its windows.
  double probe_s() const;
  // A finished race of `runnable` rows with `rounds` took `seconds`.
  void record(std::size_t runnable, const round_plan& rounds, double seconds);

 private:
  double window_s() const;

  const protocol& protocol_;
  double overrun_ = 1;
};

}  // namespace tune::race
