// KIND=bad is the reference (the first value), KIND=good the fallback; broken_mode.h says which
// of them breaks.
#include <tune/kernel.h>

#include <csignal>

#include "broken_mode.h"

#if BROKEN_MODE_reference_compile && TUNE_AXIS_IS(KIND, bad)
#error "the reference does not compile, on purpose"
#endif

int TUNE_ENTRY(int x) {
#if (BROKEN_MODE_fallback && TUNE_AXIS_IS(KIND, good)) || (BROKEN_MODE_reference && TUNE_AXIS_IS(KIND, bad))
  std::raise(SIGSEGV);
#endif
  return x * 2;
}
