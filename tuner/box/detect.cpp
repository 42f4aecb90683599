#include "box/features.h"

#if defined(__x86_64__)
#include "box/cpuid.h"
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#include <sys/prctl.h>
// For C libraries older than the kernel interface (linux/prctl.h, asm/hwcap.h).
#ifndef PR_SVE_GET_VL
#define PR_SVE_GET_VL 51
#endif
#ifndef PR_SVE_VL_LEN_MASK
#define PR_SVE_VL_LEN_MASK 0xffff
#endif
#ifndef HWCAP_SVE
#define HWCAP_SVE (1UL << 22)
#endif
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

std::optional<unsigned> sve_vector_bits() {
#if defined(__aarch64__)
  if (!(getauxval(AT_HWCAP) & HWCAP_SVE)) return std::nullopt;
  // The thread's current length in bytes, which the kernel may hold below the CPU's most.
  const int vl = prctl(PR_SVE_GET_VL);
  if (vl < 0) return std::nullopt;
  return static_cast<unsigned>(vl & PR_SVE_VL_LEN_MASK) * 8;
#else
  return std::nullopt;
#endif
}

}  // namespace tune::box
