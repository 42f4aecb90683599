/* A 5-point stencil over an n x n field, tiled TI x TJ, the inner loop unrolled UNROLL times. */
#include <tune/kernel.h>

#define STENCIL_PRAGMA(x) _Pragma(#x)
#define STENCIL_UNROLL(n) STENCIL_PRAGMA(GCC unroll n)

static int stencil_min(int a, int b) { return a < b ? a : b; }

void TUNE_ENTRY(int n, const float* in, float* out) {
  for (int ii = 1; ii < n - 1; ii += TUNE_AXIS(TI))
    for (int jj = 1; jj < n - 1; jj += TUNE_AXIS(TJ)) {
      const int ie = stencil_min(ii + TUNE_AXIS(TI), n - 1), je = stencil_min(jj + TUNE_AXIS(TJ), n - 1);
      for (int i = ii; i < ie; i++) {
        STENCIL_UNROLL(TUNE_AXIS(UNROLL))
        for (int j = jj; j < je; j++)
          out[i * n + j] = 0.2f * (in[i * n + j] + in[(i - 1) * n + j] + in[(i + 1) * n + j] + in[i * n + j - 1] +
                                   in[i * n + j + 1]);
      }
    }
}
