#include <tune/kernel.h>
#include <stddef.h>

float dot_sum(const float* a, const float* b, size_t n) {
  float acc[TUNE_AXIS(UNROLL)] = {0};
  size_t i = 0;
  for (; i + TUNE_AXIS(UNROLL) <= n; i += TUNE_AXIS(UNROLL))
    for (int k = 0; k < TUNE_AXIS(UNROLL); k++) acc[k] += a[i + k] * b[i + k];
  float s = 0;
  for (int k = 0; k < TUNE_AXIS(UNROLL); k++) s += acc[k];
  for (; i < n; i++) s += a[i] * b[i];
  return s;
}
