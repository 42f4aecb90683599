#include <tune/kernels/count.h>
#include <tune/kernels/total.h>

#include <cstdio>
#include <numeric>
#include <vector>

int main() {
  std::vector<int> x(1001);
  std::iota(x.begin(), x.end(), 0);
  const long long sum = total(x.data(), x.size());
  const long long counted = count(x.data(), x.size());
  std::printf("total=%lld count=%lld\n", sum, counted);
  return sum == 500500 && counted == sum ? 0 : 1;
}
