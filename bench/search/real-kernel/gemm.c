/* c = a . b for n x n row-major matrices, tiled TM x TK x TN, the inner loop along a row of c and
 * b unrolled UNROLL times. Every c[i][j] sums its products in p order, whatever the tiles. */
#include <tune/kernel.h>

#define GEMM_PRAGMA(x) _Pragma(#x)
#define GEMM_UNROLL(n) GEMM_PRAGMA(GCC unroll n)

static int gemm_min(int a, int b) { return a < b ? a : b; }

void TUNE_ENTRY(int n, const float* a, const float* b, float* c) {
  for (int i = 0; i < n * n; i++) c[i] = 0.0f;
  for (int i0 = 0; i0 < n; i0 += TUNE_AXIS(TM))
    for (int p0 = 0; p0 < n; p0 += TUNE_AXIS(TK))
      for (int j0 = 0; j0 < n; j0 += TUNE_AXIS(TN)) {
        const int ie = gemm_min(i0 + TUNE_AXIS(TM), n), pe = gemm_min(p0 + TUNE_AXIS(TK), n),
                  je = gemm_min(j0 + TUNE_AXIS(TN), n);
        for (int i = i0; i < ie; i++)
          for (int p = p0; p < pe; p++) {
            const float aip = a[i * n + p];
            GEMM_UNROLL(TUNE_AXIS(UNROLL))
            for (int j = j0; j < je; j++) c[i * n + j] += aip * b[p * n + j];
          }
      }
}
