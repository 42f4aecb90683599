#include <tune/fixture.h>

TUNE_FIXTURE(ignored, fx) {
  auto a = fx.random<int>(1024);
  fx.run([=](auto kernel) { return kernel(a.data(), a.size()); });
}
