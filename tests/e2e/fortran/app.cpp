#include <tune/kernels/fbad.h>
#include <tune/kernels/fdot.h>

#include <cstdio>
#include <vector>

int main() {
  std::vector<double> a(300, 1.0), b(300, 2.0);
  std::printf("fdot=%.0f fbad=%.0f\n", fdot(a.data(), b.data(), a.size()), fbad(a.data(), a.size()));
}
