#include <tune/fixture.h>

// Small, so the race is quick: which row wins does not matter here, only the pools it ran with.
TUNE_FIXTURE(psum, fx) {
  auto x = fx.random<double>(16384);
  fx.run([&](auto kernel) { return kernel(x.data(), x.size()); });
}
