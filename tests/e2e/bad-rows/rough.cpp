// One source, a row per KIND: the two healthy ones and one of each way a row can fail.
#include <tune/kernel.h>

#include <csignal>
#include <cstddef>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#if TUNE_AXIS_IS(KIND, nocompile)
#error "this row does not compile, on purpose"
#endif

#if TUNE_AXIS_IS(KIND, nolink)
float a_function_nothing_defines(float);
#endif

#if TUNE_AXIS_IS(KIND, leaky)
// Exported on purpose: isolation refuses a row that exports more than its entry.
int leaked_helper(int x) { return x + 1; }
#endif

namespace {
float dot_once(const float* a, const float* b, std::size_t n) {
  asm volatile("" : : "r"(a), "r"(b) : "memory");
  float s = 0;
  for (std::size_t i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}
}  // namespace

float TUNE_ENTRY(const float* a, const float* b, std::size_t n) {
  // slow does the work four times, fast once: a planted 4x difference.
  const int passes = TUNE_AXIS_IS(KIND, slow) ? 4 : 1;
  float s = 0;
  for (int p = 0; p < passes; ++p) s = dot_once(a, b, n);
#if TUNE_AXIS_IS(KIND, crash)
  std::raise(SIGSEGV);
#elif TUNE_AXIS_IS(KIND, exits)
  std::exit(3);
#elif TUNE_AXIS_IS(KIND, throws)
  throw std::runtime_error("this row throws, on purpose");
#elif TUNE_AXIS_IS(KIND, hangs)
  for (volatile int spin = 0;; spin = spin + 1) {
  }
#elif TUNE_AXIS_IS(KIND, wrong)
  s += 1;
#elif TUNE_AXIS_IS(KIND, wronglater)
  // Right on its first call only: a gate that calls once would crown it (it is the fastest).
  static int calls = 0;
  if (++calls > 1) return s + 1;
  return s;
#elif TUNE_AXIS_IS(KIND, nan)
  s = std::numeric_limits<float>::quiet_NaN();
#elif TUNE_AXIS_IS(KIND, nolink)
  s = a_function_nothing_defines(s);
#endif
  return s;
}
