#include <tune/fixture.h>

TUNE_FIXTURE(tiny_shaped, fx) {
  const unsigned x = fx.shape() == "large" ? 200000u : fx.shape() == "medium" ? 5000u : 7u;
  fx.run([&](auto kernel) { return kernel(x); });
}
