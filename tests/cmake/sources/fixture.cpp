// The fixture every case declares: the inputs each row of `dot` is raced on.
#include <tune/fixture.h>

TUNE_FIXTURE(dot, fx) {
  constexpr std::size_t n = 1024;
  auto a = fx.random<float>(n);
  auto b = fx.random<float>(n);
  fx.work(2.0 * n, "flop");
  fx.run([=](auto kernel) { return kernel(a.data(), b.data(), n); });
}
