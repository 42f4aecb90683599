#include "measure/real_clock.h"

#include <chrono>

namespace tune::measure {

double real_clock::now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void real_clock::spin(double seconds) {
  const double until = now_s() + seconds;
  volatile unsigned long long turns = 0;
  while (now_s() < until) turns = turns + 1;
}

}  // namespace tune::measure
