#include <tune/fixture.h>

TUNE_FIXTURE(probe, fx) {
  fx.run([](auto kernel) { return kernel(21); });
}
