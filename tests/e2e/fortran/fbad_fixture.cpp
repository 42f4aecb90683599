#include <tune/fixture.h>

TUNE_FIXTURE(fbad, fx) {
  auto a = fx.random<double>(4096);
  fx.run([&](auto kernel) { return kernel(a.data(), a.size()); });
}
