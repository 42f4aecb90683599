// Bit values from Linux arch/arm64/include/uapi/asm/hwcap.h, spelled out so this compiles on
// any architecture (tests cover the arm classes on x86 machines).
#include "box/features.h"

namespace tune::box {

namespace {
constexpr std::uint64_t hwcap_asimd = 1u << 1;
constexpr std::uint64_t hwcap_asimddp = 1u << 20;
constexpr std::uint64_t hwcap_sve = 1u << 22;
constexpr std::uint64_t hwcap2_sve2 = 1u << 1;
constexpr std::uint64_t hwcap2_i8mm = 1u << 13;
constexpr std::uint64_t hwcap2_bf16 = 1u << 14;
}  // namespace

feature_set features_from_hwcap(std::uint64_t hwcap, std::uint64_t hwcap2) {
  feature_set f;
  auto add = [&f](bool present, const char* name) {
    if (present) f.insert(name);
  };
  add((hwcap & hwcap_asimd) != 0, "neon");
  add((hwcap & hwcap_asimddp) != 0, "dotprod");
  add((hwcap & hwcap_sve) != 0, "sve");
  // Kernels before 6.14 report SVE2 on CPUs that have it only in streaming mode (SME without SVE):
  // sve2 counts only beside sve.
  add((hwcap & hwcap_sve) != 0 && (hwcap2 & hwcap2_sve2) != 0, "sve2");
  add((hwcap2 & hwcap2_i8mm) != 0, "i8mm");
  add((hwcap2 & hwcap2_bf16) != 0, "bf16");
  return f;
}

}  // namespace tune::box
