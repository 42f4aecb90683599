// Written like the example of docs/fixtures.md "A fixture": the lambda captures by reference.
#include <tune/fixture.h>

TUNE_FIXTURE(dot, fx) {
  auto a = fx.random<float>(4096);
  auto b = fx.random<float>(4096);
  fx.work(2.0 * 4096, "flop");
  fx.run([&](auto kernel) { return kernel(a.data(), b.data(), a.size()); });
}
