// Calls sum at sizes in each shape's range and on the boundaries of the conditions, printing which
// row ran for each, then the program's tune::status().
#include <tune/kernels/sum.h>
#include <tune/status.h>

#include <cstddef>
#include <cstdio>
#include <vector>

int main() {
  std::vector<float> a(300001, 1.0f);
  for (std::size_t n : {1, 512, 1000, 1001, 20000, 100000, 100001, 300001}) {
    int row = -1;
    const float s = sum(a.data(), n, &row);
    std::printf("n=%zu row=%d sum=%.0f\n", n, row, s);
  }
  for (const auto& f : tune::status())
    std::printf("status %s %s %s\n", f.name.c_str(), f.suffix.c_str(), f.source.c_str());
}
