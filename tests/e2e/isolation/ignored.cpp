#include <tune/kernel.h>

#include <cstddef>

#include "ignored_helper.h"

// Rows step1 and step2 compile to the same code: the source reads STEP only to tell step3 apart.
// The entry holds a function-local static and a lambda, whose names are mangled with the row's
// own name, so equal code must be recognised through them.
int TUNE_ENTRY(const int* a, std::size_t n) {
  static int calls = 0;
  ++calls;
  const auto sum = [&] {
    int s = 0;
    for (std::size_t i = 0; i < n; ++i) s += e2e_ignored_weight(a[i]);
    return s;
  };
#if TUNE_AXIS_STEP_IS_3
  return sum() + (calls > 0 ? 0 : 1) + 3 * static_cast<int>(n);
#else
  return sum() + (calls > 0 ? 0 : 1);
#endif
}
