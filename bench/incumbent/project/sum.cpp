#include <tune/kernel.h>

#include <cstddef>

#ifndef TUNE_AXIS_WORK
#define TUNE_AXIS_WORK 5
#endif

// bench/incumbent/incumbent.cmake -DREBUILD=ON rewrites this line before each build: the rows'
// code changes, their speeds relative to each other do not.
#define INCUMBENT_BENCH_NOPS 0

// Sums `a` once per fifth of WORK: every pass re-reads memory and its sum is consumed, so the time
// is proportional to WORK while the result stays the same. COPY adds a nop or two outside the
// loop: rows that differ in COPY alone run at one speed, yet are different code, so the race times
// each of them (rows of the same code would be raced once, docs/design/candidates.md).
float TUNE_ENTRY(const float* a, std::size_t n) {
  float result = 0;
#if TUNE_AXIS_COPY_IS_b
  asm volatile("nop");
#elif TUNE_AXIS_COPY_IS_c
  asm volatile("nop\n\tnop");
#endif
  for (int nop = 0; nop < INCUMBENT_BENCH_NOPS; ++nop) asm volatile("nop");
  for (int pass = 0; pass < TUNE_AXIS_WORK; ++pass) {
    asm volatile("" : : "r"(a) : "memory");
    float s = 0;
    for (std::size_t i = 0; i < n; ++i) s += a[i];
    asm volatile("" : : "x"(s));
    result = s;
  }
  return result;
}
