#include <tune/fixture.h>

TUNE_FIXTURE(gamma, fx) {
  auto a = fx.random<float>(2048);
  fx.run([&](auto kernel) { return kernel(a.data(), a.size()); });
}
