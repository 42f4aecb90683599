#include <tune/fixture.h>

TUNE_FIXTURE(transpose, fx) {
  const int n = 1024;
  auto in = fx.random<float>(n * n);
  auto out = fx.zeros<float>(n * n);
  fx.work(1.0 * n * n, "float");
  fx.run([&](auto kernel) {
    kernel(n, in.data(), out.data());
    return out;
  });
}
