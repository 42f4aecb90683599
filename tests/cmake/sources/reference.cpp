// The separate reference implementation the REFERENCE_SOURCES cases name: the plain loop.
#include <tune/kernel.h>

#include <cstddef>

float TUNE_ENTRY(const float* a, const float* b, std::size_t n) {
  float sum = 0.0f;
  for (std::size_t i = 0; i < n; ++i) sum += a[i] * b[i];
  return sum;
}
