#include <tune/fixture.h>

TUNE_FIXTURE(scale, fx) {
  const int n = 4099;  // not a multiple of the unroll: the tail loop runs too
  auto x = fx.random<float>(n);
  fx.fresh_inputs();  // the kernel scales x in place
  fx.run([&](auto kernel) {
    kernel(n, 2.0f, x.data());
    return x;
  });
}
