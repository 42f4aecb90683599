#include <tune/fixture.h>

TUNE_FIXTURE(count, fx) {
  auto x = fx.random<int>(4099);
  fx.run([=](auto kernel) { return kernel(x.data(), x.size()); });
}
