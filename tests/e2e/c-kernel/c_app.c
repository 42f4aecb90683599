/* A C program calling the C family through its stamp header (tune/kernels/jacobi2d.h compiles as C). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <tune/kernels/jacobi2d.h>

int main(void) {
  enum { n = 64 };
  double* a = malloc(sizeof(double) * n * n);
  double* b = malloc(sizeof(double) * n * n);
  for (int i = 0; i < n * n; ++i) a[i] = b[i] = 1.0;
  jacobi2d(3, n, a, b);
  const double centre = a[n * n / 2 + n / 2];
  const long points = jacobi2d_points(3, n);
  printf("c: jacobi2d=%g points=%ld\n", centre, points);
  free(a);
  free(b);
  return fabs(centre - 1.0) < 1e-12 && points == 6L * 62 * 62 ? 0 : 1;
}
