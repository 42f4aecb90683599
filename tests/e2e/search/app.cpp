#include <cstdio>

#include <tune/kernels/planted.h>

int main() {
  const double x[4] = {1, 2, 3, 4};
  std::printf("planted=%g\n", planted(x, 4));
  return planted(x, 4) == 10 ? 0 : 1;
}
