#include <tune/fixture.h>

TUNE_FIXTURE(vec, fx) {
  auto a = fx.random<float>(1024);
  fx.run([=](auto kernel) { return kernel(a.data(), a.size()); });
}
