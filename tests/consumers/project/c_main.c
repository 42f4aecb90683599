/* A C program calling the C family through its stamp header (tune/kernels/scale.h compiles as C). */
#include <stdio.h>

#include <tune/kernels/scale.h>

int main(void) {
  enum { n = 1001 };
  float x[n];
  for (int i = 0; i < n; i++) x[i] = (float)i;
  scale(n, 2.0f, x);
  double sum = 0;
  for (int i = 0; i < n; i++) sum += x[i];
  printf("c: scale sum=%.0f\n", sum);
  return sum == 1001000.0 ? 0 : 1;
}
