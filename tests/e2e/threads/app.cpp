#include <tune/kernels/psum.h>

#include <cstdio>
#include <vector>

int main() {
  std::vector<double> x(1000, 1.0);
  std::printf("psum=%.0f\n", psum(x.data(), x.size()));
}
