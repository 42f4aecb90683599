#include <tune/kernels/osum.h>

#include <cstdio>
#include <vector>

int main() {
  std::vector<double> x(1000, 1.0);
  std::printf("osum=%.0f\n", osum(x.data(), x.size()));
}
