#include <tune/fixture.h>

TUNE_FIXTURE(fdots, fx) {
  auto a = fx.random<double>(200000);
  auto b = fx.random<double>(200000);
  fx.run([&](auto kernel) { return kernel(a.data(), b.data(), a.size()); });
}
