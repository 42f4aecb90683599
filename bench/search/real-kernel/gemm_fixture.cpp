#include <tune/fixture.h>

TUNE_FIXTURE(gemm, fx) {
  const int n = 128;
  auto a = fx.random<float>(n * n);
  auto b = fx.random<float>(n * n);
  auto c = fx.zeros<float>(n * n);
  fx.work(2.0 * n * n * n, "flop");
  fx.run([&](auto kernel) {
    kernel(n, a.data(), b.data(), c.data());
    return c;
  });
}
