// The kernel every case declares: a float dot product, compiled once per row. The cases only
// configure, so this is never built; the module checks that it exists.
#include <tune/kernel.h>

#include <cstddef>

float TUNE_ENTRY(const float* a, const float* b, std::size_t n) {
  constexpr std::size_t lanes = TUNE_AXIS(UNROLL);
  float acc[lanes] = {};
  std::size_t i = 0;
  for (; i + lanes <= n; i += lanes)
    for (std::size_t k = 0; k < lanes; ++k) acc[k] += a[i + k] * b[i + k];
  for (std::size_t k = 0; i < n; ++i, ++k) acc[k] += a[i] * b[i];
  float sum = 0.0f;
  for (std::size_t k = 0; k < lanes; ++k) sum += acc[k];
  return sum;
}
