#include <tune/kernels/dot.h>
#include <tune/kernels/jacobi2d.h>

#include <cmath>
#include <cstdio>
#include <vector>

// A field that is 1 everywhere stays 1 under the five-point average.
int main() {
  const int n = 64;
  std::vector<double> a(n * n, 1.0), b(n * n, 1.0);
  jacobi2d(3, n, a.data(), b.data());
  std::vector<float> x(100, 1.0f), y(100, 3.0f);
  const float d = dot(x.data(), y.data(), x.size());
  std::printf("jacobi2d=%g points=%ld dot=%g\n", a[n * n / 2 + n / 2], jacobi2d_points(3, n), d);
  return std::fabs(a[n * n / 2 + n / 2] - 1.0) < 1e-12 && jacobi2d_points(3, n) == 6L * 62 * 62 && d == 300.0f ? 0 : 1;
}
