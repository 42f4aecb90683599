#include <tune/fixture.h>

TUNE_FIXTURE(stencil, fx) {
  const int n = 512;
  auto in = fx.random<float>(n * n);
  auto out = fx.zeros<float>(n * n);
  fx.work(6.0 * (n - 2) * (n - 2), "flop");
  fx.run([&](auto kernel) {
    kernel(n, in.data(), out.data());
    return out;
  });
}
