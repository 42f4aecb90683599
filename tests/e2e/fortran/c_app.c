#include <stdio.h>
#include <tune/kernels/fdot.h>

int main(void) {
  double a[3] = {1, 2, 3}, b[3] = {4, 5, 6};
  printf("c: fdot=%.0f\n", fdot(a, b, 3));
  return 0;
}
