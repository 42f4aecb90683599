#pragma once
// The race engine's clock on a real machine (docs/measurement.md rule 2: steady_clock).
#include "race/timing.h"

namespace tune::measure {

class real_clock final : public race::clock {
 public:
  double now_s() override;
  // Busy-waits: a sleeping thread gives up its core and wakes on a cold, down-clocked one.
  void spin(double seconds) override;
};

}  // namespace tune::measure
