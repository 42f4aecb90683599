// Calls the names the shared library `exported` exports (tune_link(exported sumk EXPORT)).
#include <tune/kernels/sumk.h>

#include <cstddef>
#include <cstdio>
#include <vector>

float exported_total(const float* a, std::size_t n);

int main() {
  std::vector<float> a(1000, 1.0f);
  const float sum = sumk(a.data(), a.size());
  const float total = exported_total(a.data(), a.size());
  std::printf("sum=%g layout=%d total=%g\n", sum, layout(), total);
  return sum == 1000.0f && total == sum * static_cast<float>(layout()) ? 0 : 1;
}
