#include <tune/kernel.h>

#include <cstddef>

// Sums `a`, one pass on the sizes the row's FAST value names, four on the others (none: two
// everywhere). Every pass re-reads memory and its sum is consumed, so the compiler cannot drop one.
// `*row` says which row ran, for the app to check which one the dispatcher called.
float TUNE_ENTRY(const float* a, std::size_t n, int* row) {
  const bool small = n <= 1000, medium = n > 1000 && n <= 100000, large = n > 100000;
  int passes = 4;
  if (TUNE_AXIS_IS(FAST, none)) passes = 2;
  if ((TUNE_AXIS_IS(FAST, small) && small) || (TUNE_AXIS_IS(FAST, medium) && medium) ||
      (TUNE_AXIS_IS(FAST, large) && large))
    passes = 1;
  *row = TUNE_AXIS_IS(FAST, small) ? 1 : TUNE_AXIS_IS(FAST, medium) ? 2 : TUNE_AXIS_IS(FAST, large) ? 3 : 0;
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
