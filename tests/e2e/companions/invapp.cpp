// Calls the companion sumk_inv alone, so the final link holds only the row it is stamped with.
#include <tune/kernels/sumk.h>

#include <cstdio>
#include <vector>

int main() {
  std::vector<float> a(1000, 1.0f);
  const float sum = sumk_inv(a.data(), a.size());
  std::printf("sum=%g\n", sum);
  return sum == 1000.0f ? 0 : 1;
}
