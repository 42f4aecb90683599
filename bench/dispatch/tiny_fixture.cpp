#include <tune/fixture.h>

TUNE_FIXTURE(tiny, fx) {
  fx.run([&](auto kernel) { return kernel(7u); });
}
