// The shipped families in a DISPATCH binary (tests/profiles/dispatch-matrix.cmake): binds dot and
// every shape of sgemm at load time, calls each once, and prints what it bound, one line per seat:
// "bound <seat> <row> <source>|<class>".
#include <cstddef>
#include <cstdio>
#include <vector>

#include <tune/kernels/dot.h>
#include <tune/kernels/sgemm.h>
#include <tune/status.h>

int main() {
  std::vector<float> a(300 * 300, 0.5f), b(300 * 300, 0.5f), c(300 * 300);
  float checksum = dot(a.data(), b.data(), 64);
  for (std::size_t size : {8, 128, 300}) {  // one size per shape: small, medium, large
    sgemm(a.data(), b.data(), c.data(), size, size, size);
    checksum += c[0];
  }
  std::printf("checksum %.2f\n", checksum);
  for (const auto& f : tune::status())
    std::printf("bound %s %s %s|%s\n", f.name.c_str(), f.suffix.c_str(), f.source.c_str(), f.cpu_class.c_str());
  return 0;
}
