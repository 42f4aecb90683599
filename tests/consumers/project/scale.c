/* A kernel family in C: x[i] *= a for n floats, UNROLL at a time (each product is exact, so every
   row gives the same result). */
#include <tune/kernel.h>

void TUNE_ENTRY(int n, float a, float* x) {
  int i = 0;
  for (; i + TUNE_AXIS(UNROLL) <= n; i += TUNE_AXIS(UNROLL))
    for (int k = 0; k < TUNE_AXIS(UNROLL); k++) x[i + k] *= a;
  for (; i < n; i++) x[i] *= a;
}
