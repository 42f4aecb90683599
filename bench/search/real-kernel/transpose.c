/* out = the transpose of an n x n row-major matrix, tiled TI x TJ, the inner loop unrolled UNROLL
 * times. */
#include <tune/kernel.h>

#define TRANSPOSE_PRAGMA(x) _Pragma(#x)
#define TRANSPOSE_UNROLL(n) TRANSPOSE_PRAGMA(GCC unroll n)

static int transpose_min(int a, int b) { return a < b ? a : b; }

void TUNE_ENTRY(int n, const float* in, float* out) {
  for (int ii = 0; ii < n; ii += TUNE_AXIS(TI))
    for (int jj = 0; jj < n; jj += TUNE_AXIS(TJ)) {
      const int ie = transpose_min(ii + TUNE_AXIS(TI), n), je = transpose_min(jj + TUNE_AXIS(TJ), n);
      for (int i = ii; i < ie; i++) {
        TRANSPOSE_UNROLL(TUNE_AXIS(UNROLL))
        for (int j = jj; j < je; j++) out[j * n + i] = in[i * n + j];
      }
    }
}
