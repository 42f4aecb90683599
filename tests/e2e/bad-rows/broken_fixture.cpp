#include <tune/fixture.h>

TUNE_FIXTURE(broken, fx) {
  int x = 21;
  fx.run([&](auto kernel) { return kernel(x); });
}
