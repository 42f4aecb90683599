#include <tune/kernels/identical.h>
#include <tune/kernels/planted.h>
#include <tune/kernels/twofast.h>

#include <cstdio>
#include <vector>

int main() {
  std::vector<float> a(4000, 1.0f);
  std::printf("%g %g %g\n", identical(a.data(), a.size()), planted(a.data(), a.size()), twofast(a.data(), a.size()));
}
