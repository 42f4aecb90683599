// 4096 floats per operand: 32 KiB of inputs, resident in L1/L2, so rows race on arithmetic
// throughput and dependency chains rather than on memory bandwidth.
#include <tune/fixture.h>

TUNE_FIXTURE(dot, fx) {
  constexpr std::size_t n = 4096;
  auto a = fx.random<float>(n);
  auto b = fx.random<float>(n);
  fx.work(2.0 * n, "flop");
  fx.run([=](auto kernel) { return kernel(a.data(), b.data(), n); });
}
