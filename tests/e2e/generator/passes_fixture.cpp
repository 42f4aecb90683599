#include <tune/fixture.h>

TUNE_FIXTURE(passes, fx) {
  auto a = fx.random<float>(4096);
  fx.work(4096, "add");
  fx.run([=](auto kernel) { return kernel(a.data(), a.size()); });
}
