#include <tune/fixture.h>

TUNE_FIXTURE(alpha, fx) {
  auto a = fx.random<float>(2048);
  fx.run([&](auto kernel) { return kernel(a.data(), a.size()); });
}
