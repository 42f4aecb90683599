#include <tune/fixture.h>

TUNE_FIXTURE(searched, fx) {
  fx.run([](auto kernel) { return kernel(21); });
}
