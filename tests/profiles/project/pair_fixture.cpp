#include <tune/fixture.h>

TUNE_FIXTURE(pair, fx) {
  auto a = fx.random<float>(1024);
  fx.run([=](auto kernel) { return kernel(a.data(), a.size()); });
}
