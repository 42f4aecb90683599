#include <tune/fixture.h>

TUNE_FIXTURE(total, fx) {
  auto x = fx.random<int>(4099);  // not a multiple of the unroll: the tail loop runs too
  fx.run([=](auto kernel) { return kernel(x.data(), x.size()); });
}
