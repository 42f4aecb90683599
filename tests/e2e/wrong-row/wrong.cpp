#include <tune/kernel.h>

#include <cstddef>

float TUNE_ENTRY(const float* a, std::size_t n) {
  float s = 0;
  for (std::size_t i = 0; i < n; ++i) s += a[i];
  return TUNE_AXIS_IS(BUG, yes) ? s + 1.0f : s;  // the planted bug: off by one
}
