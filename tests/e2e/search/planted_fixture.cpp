#include <tune/fixture.h>

TUNE_FIXTURE(planted, fx) {
  auto x = fx.random<double>(64);
  fx.run([&](auto kernel) { return kernel(x.data(), 64); });
}
