/* jacobi-2d: tsteps sweeps of a five-point average over the interior of an n x n field, from A into
   B and back (the loop nest of PolyBench/C's stencils/jacobi-2d, row-major arrays). C, as most
   published stencil codes are. */
#include <tune/kernel.h>

static void sweep(int n, const double* from, double* to) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      to[i * n + j] = 0.2 * (from[i * n + j] + from[i * n + j - 1] + from[i * n + j + 1] + from[(i + 1) * n + j] +
                             from[(i - 1) * n + j]);
}

void TUNE_ENTRY(int tsteps, int n, double* A, double* B) {
  for (int t = 0; t < tsteps; t++) {
    /* SWEEPS=2 computes the same B twice: the result is the same, the time twice. */
    for (int s = 0; s < TUNE_AXIS(SWEEPS); s++) {
      __asm__ volatile("" : : "r"(A), "r"(B) : "memory");
      sweep(n, A, B);
    }
    sweep(n, B, A);
  }
}

long TUNE_COMPANION(jacobi2d_points)(int tsteps, int n) { return 2L * tsteps * (n - 2) * (n - 2); }
