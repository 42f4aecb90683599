#include <tune/kernel.h>

#include <cstddef>

float TUNE_ENTRY(const float* a, const float* b, std::size_t n) {
#if TUNE_AXIS(HANG)
  for (volatile int spin = 0;; spin = spin + 1) {
  }
#endif
  constexpr int unroll = TUNE_AXIS(UNROLL);
  float acc[unroll] = {};
  std::size_t i = 0;
  for (; i + unroll <= n; i += unroll)
    for (int k = 0; k < unroll; ++k) acc[k] += a[i + k] * b[i + k];
  float s = 0;
  for (int k = 0; k < unroll; ++k) s += acc[k];
  for (; i < n; ++i) s += a[i] * b[i];
  return s;
}
