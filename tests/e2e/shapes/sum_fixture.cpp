// Written like the example of docs/fixtures.md "A fixture", with a size per shape: the body runs
// once per shape.
#include <tune/fixture.h>

#include <string>

TUNE_FIXTURE(sum, fx) {
  const std::size_t n = fx.shape() == "small" ? 512 : fx.shape() == "medium" ? 20000 : 300000;
  auto a = fx.random<float>(n);
  int row = -1;
  fx.work(static_cast<double>(n), "add");
  fx.run([&](auto kernel) { return kernel(a.data(), a.size(), &row); });
}
