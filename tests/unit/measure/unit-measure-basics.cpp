// The fixed probe kernel and the real clock (measure/).
#include <doctest/doctest.h>

#include "measure/probe_kernel.h"
#include "measure/real_clock.h"

using namespace tune::measure;

TEST_CASE("the probe kernel computes its fixed dot product") {
  // Every product is a multiple of 1/8 below 2^4 and each chain sums 1024 of them, so float
  // arithmetic is exact here and any summation order gives the same value.
  double expected = 0;
  for (int i = 0; i < probe_kernel_length; ++i) expected += ((i % 17) * 0.25 + 1.0) * ((i % 13) * 0.5 - 3.0);
  CHECK(probe_kernel_once() == expected);
  CHECK(probe_kernel_once() == expected);
}

TEST_CASE("the real clock is monotonic and spins for at least the time asked") {
  real_clock c;
  const double before = c.now_s();
  c.spin(0.002);
  CHECK(c.now_s() - before >= 0.002);
}
