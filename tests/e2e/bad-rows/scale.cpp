#include <tune/kernel.h>

#include <cstddef>

// out = 2 * in, PASSES times over: PASSES=1 is a quarter of the work of 4.
void TUNE_ENTRY(const float* in, float* out, std::size_t n) {
  for (int pass = 0; pass < TUNE_AXIS(PASSES); ++pass) {
    asm volatile("" : : "r"(in), "r"(out) : "memory");
    for (std::size_t i = 0; i < n; ++i) out[i] = 2 * in[i];
  }
}
