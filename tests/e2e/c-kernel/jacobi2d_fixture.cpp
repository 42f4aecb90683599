#include <tune/fixture.h>

TUNE_FIXTURE(jacobi2d, fx) {
  const int n = 120, tsteps = 4;
  auto a = fx.random<double>(n * n);
  auto b = fx.zeros<double>(n * n);
  fx.fresh_inputs();  // the kernel updates A in place
  fx.work(2.0 * tsteps * (n - 2) * (n - 2) * 5, "flop");
  fx.run([&](auto kernel) {
    kernel(tsteps, n, a.data(), b.data());
    return a;
  });
}
