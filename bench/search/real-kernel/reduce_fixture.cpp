#include <tune/fixture.h>

TUNE_FIXTURE(reduce, fx) {
  const int n = 1 << 16;
  auto x = fx.random<float>(n);
  fx.work(n, "float");
  fx.run([&](auto kernel) { return kernel(x.data(), n); });
}
