// Built with the project's plain flags only (see CMakeLists.txt): -ffast-math would let the
// compiler reassociate the four chains and -march would change the instructions, and either
// would make the probe a different kernel on different builds.
#include "measure/probe_kernel.h"

namespace tune::measure {

namespace {

// Mutable, so the compiler cannot fold the dot product at compile time.
alignas(64) float lhs[probe_kernel_length];
alignas(64) float rhs[probe_kernel_length];
volatile double sink;

bool fill_operands() {
  for (int i = 0; i < probe_kernel_length; ++i) {
    lhs[i] = static_cast<float>(i % 17) * 0.25f + 1.0f;
    rhs[i] = static_cast<float>(i % 13) * 0.5f - 3.0f;
  }
  return true;
}

}  // namespace

double probe_kernel_once() {
  static const bool filled = fill_operands();
  (void)filled;
  float acc0 = 0, acc1 = 0, acc2 = 0, acc3 = 0;
  for (int i = 0; i < probe_kernel_length; i += 4) {
    acc0 += lhs[i] * rhs[i];
    acc1 += lhs[i + 1] * rhs[i + 1];
    acc2 += lhs[i + 2] * rhs[i + 2];
    acc3 += lhs[i + 3] * rhs[i + 3];
  }
  const double result = static_cast<double>((acc0 + acc1) + (acc2 + acc3));
  sink = result;
  return result;
}

}  // namespace tune::measure
