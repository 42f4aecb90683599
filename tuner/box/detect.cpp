#include "box/features.h"

#if defined(__x86_64__)
#include "box/cpuid.h"
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#elif defined(__aarch64__)
#error "aarch64 feature detection is implemented for Linux (getauxval) only"
#endif

namespace tune::box {

feature_set detect_features() {
#if defined(__x86_64__)
  return features_from_cpuid(read_cpuid_leaves());
#elif defined(__aarch64__)
  return features_from_hwcap(getauxval(AT_HWCAP), getauxval(AT_HWCAP2));
#else
  // No requires= feature exists for this architecture: its box classes as <platform>-<arch>.
  return {};
#endif
}

}  // namespace tune::box
