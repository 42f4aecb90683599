/* The sum of n floats in ACC partial sums of type ACCT (float or double), the loop over blocks of
 * ACC unrolled UNROLL times, prefetching PREFETCH floats ahead (0: none). The partial sums are
 * added in order at the end; the tail past the last whole block goes to the first. */
#include <tune/kernel.h>

#define REDUCE_PRAGMA(x) _Pragma(#x)
#define REDUCE_UNROLL(n) REDUCE_PRAGMA(GCC unroll n)

#if TUNE_AXIS_IS(ACCT, double)
typedef double reduce_acc;
#else
typedef float reduce_acc;
#endif

float TUNE_ENTRY(const float* x, int n) {
  reduce_acc acc[TUNE_AXIS(ACC)] = {0};
  int i = 0;
  REDUCE_UNROLL(TUNE_AXIS(UNROLL))
  for (; i + TUNE_AXIS(ACC) <= n; i += TUNE_AXIS(ACC)) {
#if TUNE_AXIS(PREFETCH) > 0
    __builtin_prefetch(x + i + TUNE_AXIS(PREFETCH));
#endif
    for (int k = 0; k < TUNE_AXIS(ACC); k++) acc[k] += x[i + k];
  }
  for (; i < n; i++) acc[0] += x[i];
  reduce_acc sum = 0;
  for (int k = 0; k < TUNE_AXIS(ACC); k++) sum += acc[k];
  return (float)sum;
}
