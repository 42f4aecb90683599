// CPUID bit positions: Intel SDM vol. 2A, CPUID; cross-checked with google/cpu_features.
#include "box/features.h"

namespace tune::box {

namespace {

bool bit(std::uint64_t word, unsigned n) { return ((word >> n) & 1u) != 0; }
bool all(std::uint64_t word, std::uint64_t mask) { return (word & mask) == mask; }

// XCR0 state components the OS must save for the registers a feature uses.
constexpr std::uint64_t xcr0_sse = 1u << 1;
constexpr std::uint64_t xcr0_avx = 1u << 2;
constexpr std::uint64_t xcr0_opmask = 1u << 5;
constexpr std::uint64_t xcr0_zmm_hi256 = 1u << 6;
constexpr std::uint64_t xcr0_hi16_zmm = 1u << 7;
constexpr std::uint64_t xcr0_tilecfg = 1u << 17;
constexpr std::uint64_t xcr0_tiledata = 1u << 18;

enum reg { eax = 0, ebx = 1, ecx = 2, edx = 3 };

}  // namespace

feature_set features_from_cpuid(const cpuid_leaves& leaves) {
  const std::array<std::uint32_t, 4> none{};
  const auto& l1 = leaves.max_leaf >= 1 ? leaves.leaf1 : none;
  const auto& l7 = leaves.max_leaf >= 7 ? leaves.leaf7_0 : none;
  const auto& l7_1 = leaves.max_leaf >= 7 && leaves.leaf7_0[eax] >= 1 ? leaves.leaf7_1 : none;

  // XGETBV faults unless the OS set CR4.OSXSAVE, so XCR0 means nothing without it.
  const std::uint64_t xcr0 = bit(l1[ecx], 27) ? leaves.xcr0 : 0;
  const bool os_avx = all(xcr0, xcr0_sse | xcr0_avx);
  const bool os_avx512 = os_avx && all(xcr0, xcr0_opmask | xcr0_zmm_hi256 | xcr0_hi16_zmm);
  const bool os_amx = all(xcr0, xcr0_tilecfg | xcr0_tiledata);

  feature_set f;
  auto add = [&f](bool present, const char* name) {
    if (present) f.insert(name);
  };
  // SSE state is saved by FXSAVE on every x86-64 OS (it is the ABI's float register file),
  // and bmi2 works on general registers: neither needs XCR0.
  add(bit(l1[ecx], 20), "sse4.2");
  add(bit(l7[ebx], 8), "bmi2");

  add(os_avx && bit(l1[ecx], 28), "avx");
  add(os_avx && bit(l7[ebx], 5), "avx2");
  add(os_avx && bit(l1[ecx], 12), "fma");
  add(os_avx && bit(l1[ecx], 29), "f16c");
  add(os_avx && bit(l7_1[eax], 4), "avxvnni");

  add(os_avx512 && bit(l7[ebx], 16), "avx512f");
  add(os_avx512 && bit(l7[ebx], 17), "avx512dq");
  add(os_avx512 && bit(l7[ebx], 28), "avx512cd");
  add(os_avx512 && bit(l7[ebx], 30), "avx512bw");
  add(os_avx512 && bit(l7[ebx], 31), "avx512vl");
  add(os_avx512 && bit(l7[ecx], 1), "avx512vbmi");
  add(os_avx512 && bit(l7[ecx], 11), "avx512vnni");
  add(os_avx512 && bit(l7_1[eax], 5), "avx512bf16");

  add(os_amx && bit(l7[edx], 24), "amx-tile");
  add(os_amx && bit(l7[edx], 25), "amx-int8");
  return f;
}

}  // namespace tune::box
