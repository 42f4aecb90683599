// Float dot product. Rows vary the number of independent accumulators (UNROLL) and the ISA the
// compiler targets. Accumulator k sums the products at i ≡ k (mod UNROLL) in index order, and the
// accumulators are added in index order at the end: the summation order is fixed by this source,
// never by fast-math, so each row computes one well-defined rounding of the sum. The k-loop over
// accumulators has no dependence between iterations, so the compiler may vectorize across them.
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
