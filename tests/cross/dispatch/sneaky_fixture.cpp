#include <tune/fixture.h>

TUNE_FIXTURE(sneaky, fx) {
  fx.run([](auto kernel) { return kernel(21); });
}
