// Each row runs one instruction only its ISA has, so a row bound on a CPU without that ISA is
// killed by SIGILL: what the DISPATCH tier looks for (tests/cross/dispatch.cmake).
#include <tune/kernel.h>

int TUNE_ENTRY(int x) {
#if TUNE_AXIS_IS(ISA, neon)
  asm volatile("add v0.4s, v0.4s, v0.4s" ::: "v0");
#elif TUNE_AXIS_IS(ISA, dotprod)
  asm volatile("sdot v0.4s, v1.16b, v2.16b" ::: "v0");
#elif TUNE_AXIS_IS(ISA, i8mm)
  asm volatile("smmla v0.4s, v1.16b, v2.16b" ::: "v0");
#elif TUNE_AXIS_IS(ISA, sve)
  asm volatile("cntw x9" ::: "x9");
#elif TUNE_AXIS_IS(ISA, sve2)
  asm volatile("saddlb z0.s, z1.h, z2.h" ::: "v0");
#endif
  return 2 * x;
}
