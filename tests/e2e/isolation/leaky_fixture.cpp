#include <tune/fixture.h>

TUNE_FIXTURE(leaky, fx) {
  auto a = fx.random<int>(16);
  fx.run([=](auto kernel) { return kernel(a.data(), a.size()); });
}
