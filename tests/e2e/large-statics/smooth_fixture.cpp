#include <tune/fixture.h>

TUNE_FIXTURE(smooth, fx) {
  auto x = fx.random<float>(1000);  // every row adds the same values in the same order
  fx.run([=](auto kernel) { return kernel(x.data(), x.size()); });
}
