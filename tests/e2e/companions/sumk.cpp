#include <tune/kernel.h>

#include <cstddef>

namespace {

// Sums `a` `passes` times over; every pass re-reads memory and its sum is consumed, so the
// compiler cannot drop one: 1 pass does half the work of 2 and a quarter of 4.
float sum_passes(const float* a, std::size_t n, int passes) {
  float result = 0;
  for (int pass = 0; pass < passes; ++pass) {
    asm volatile("" : : "r"(a) : "memory");
    float s = 0;
    for (std::size_t i = 0; i < n; ++i) s += a[i];
    asm volatile("" : : "x"(s));
    result = s;
  }
  return result;
}

}  // namespace

float TUNE_ENTRY(const float* a, std::size_t n) { return sum_passes(a, n, TUNE_AXIS(PASSES)); }

// The companion: what a caller asks to lay out its data for this row.
int TUNE_COMPANION(layout)() { return TUNE_AXIS(PASSES); }

// A companion with the family's signature whose work runs the other way: 4 / PASSES passes, so
// PASSES=4 does a quarter of the work of PASSES=1. Every pass gives the same sum.
float TUNE_COMPANION(sumk_inv)(const float* a, std::size_t n) { return sum_passes(a, n, 4 / TUNE_AXIS(PASSES)); }
