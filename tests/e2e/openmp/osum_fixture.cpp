#include <tune/fixture.h>

TUNE_FIXTURE(osum, fx) {
  auto x = fx.random<double>(16384);
  fx.run([&](auto kernel) { return kernel(x.data(), x.size()); });
}
