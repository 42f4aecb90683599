// The inputs every row is raced on, and what each row's output is checked with.
#include <tune/fixture.h>

TUNE_FIXTURE(dot, fx) {
  constexpr std::size_t n = 4096;
  auto a = fx.random<float>(n);  // uniform in [-1, 1), the same for every row
  auto b = fx.random<float>(n);
  fx.work(2.0 * n, "flop");
  fx.run([=](auto kernel) { return kernel(a.data(), b.data(), n); });
}
