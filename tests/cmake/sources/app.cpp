// An application that calls the stamped `dot` (the cases that tune_link it).
#include <tune/kernels/dot.h>

#include <cstdio>

int main() {
  const float a[] = {1.0f, 2.0f, 3.0f};
  const float b[] = {4.0f, 5.0f, 6.0f};
  std::printf("%g\n", dot(a, b, 3));
}
