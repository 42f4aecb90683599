#include <tune/fixture.h>

TUNE_FIXTURE(twins, fx) {
  auto a = fx.random<float>(4096);
  fx.run([=](auto kernel) { return kernel(a.data(), a.size()); });
}
