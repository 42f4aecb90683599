#include <tune/kernel.h>

#include <cstddef>

// COPY=a and COPY=b compile to the same code: one candidate, raced once. COPY=c adds one
// instruction outside the loop: different code at the same speed, which must not take the
// fallback's seat.
float TUNE_ENTRY(const float* a, std::size_t n) {
#if TUNE_AXIS_IS(COPY, c)
  __asm__ volatile("nop");
#endif
  float s = 0;
  for (std::size_t i = 0; i < n; ++i) s += a[i];
  return s;
}
