#include <tune/fixture.h>

TUNE_FIXTURE(identical, fx) {
  auto a = fx.random<float>(4000);
  fx.run([=](auto kernel) { return kernel(a.data(), a.size()); });
}
