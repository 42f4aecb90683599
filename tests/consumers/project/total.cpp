#include <tune/kernel.h>

#include <cstddef>

// The sum of n integers with UNROLL independent accumulators (integer sums are exact in any order).
long long TUNE_ENTRY(const int* x, std::size_t n) {
  constexpr int unroll = TUNE_AXIS(UNROLL);
  long long acc[unroll] = {};
  std::size_t i = 0;
  for (; i + unroll <= n; i += unroll)
    for (int k = 0; k < unroll; ++k) acc[k] += x[i + k];
  for (; i < n; ++i) acc[0] += x[i];
  long long sum = 0;
  for (int k = 0; k < unroll; ++k) sum += acc[k];
  return sum;
}
