// The shipped families called once each: built stamped and with DISPATCH, for their sizes.
#include <tune/kernels/dot.h>
#include <tune/kernels/sgemm.h>

#include <cstdio>
#include <vector>

int main() {
  std::vector<float> a(300 * 300, 0.5f), b(300 * 300, 0.5f), c(300 * 300);
  float sum = dot(a.data(), b.data(), a.size());
  for (std::size_t n : {8, 128, 300}) {
    sgemm(a.data(), b.data(), c.data(), n, n, n);
    sum += c[0];
  }
  std::printf("%.1f\n", sum);
}
