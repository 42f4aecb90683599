// A row whose code is above its ISA: the base row runs sdot, written as a raw encoding the
// assembler takes without +dotprod. The instruction check must leave it out
// (tests/cross/dispatch.cmake).
#include <tune/kernel.h>

int TUNE_ENTRY(int x) {
#if TUNE_AXIS_IS(ISA, base)
  asm volatile(".inst 0x4e829420" ::: "v0");  // sdot v0.4s, v1.16b, v2.16b
#endif
  return 2 * x;
}
