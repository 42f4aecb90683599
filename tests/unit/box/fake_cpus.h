#pragma once
// CPUID leaves of imaginary CPUs, bit by bit from the Intel SDM (vol. 2A, CPUID), written
// independently of the detection code so a wrong bit there shows up here.
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>

#include "box/features.h"

namespace fake {

enum reg { eax = 0, ebx = 1, ecx = 2, edx = 3 };

struct cpuid_bit {
  const char* feature;
  int leaf;  // 1 = leaf 1, 70 = leaf 7.0, 71 = leaf 7.1
  reg r;
  unsigned bit;
};

inline constexpr cpuid_bit bits[] = {
    {"sse4.2", 1, ecx, 20},      {"fma", 1, ecx, 12},       {"avx", 1, ecx, 28},       {"f16c", 1, ecx, 29},
    {"avx2", 70, ebx, 5},        {"bmi2", 70, ebx, 8},      {"avx512f", 70, ebx, 16},  {"avx512dq", 70, ebx, 17},
    {"avx512cd", 70, ebx, 28},   {"avx512bw", 70, ebx, 30}, {"avx512vl", 70, ebx, 31}, {"avx512vbmi", 70, ecx, 1},
    {"avx512vnni", 70, ecx, 11}, {"amx-tile", 70, edx, 24}, {"amx-int8", 70, edx, 25}, {"avxvnni", 71, eax, 4},
    {"avx512bf16", 71, eax, 5},
};

inline constexpr std::uint32_t osxsave = 1u << 27;  // leaf 1 ecx
inline constexpr std::uint64_t xcr0_sse_avx = 0x7;  // x87 | SSE | AVX
inline constexpr std::uint64_t xcr0_avx512 = 0xE7;  // + opmask | ZMM_Hi256 | Hi16_ZMM
inline constexpr std::uint64_t xcr0_amx = 0x600E7;  // + XTILECFG | XTILEDATA

// A CPU with these CPUID bits, an OS that set OSXSAVE and saves `xcr0`, leaf 7.1 reported.
inline tune::box::cpuid_leaves cpu(std::initializer_list<const char*> features, std::uint64_t xcr0) {
  tune::box::cpuid_leaves l;
  l.max_leaf = 0x1F;
  l.leaf7_0[eax] = 1;
  l.leaf1[ecx] = osxsave;
  l.xcr0 = xcr0;
  for (std::string name : features) {
    bool found = false;
    for (const auto& b : bits) {
      if (name != b.feature) continue;
      auto& regs = b.leaf == 1 ? l.leaf1 : b.leaf == 70 ? l.leaf7_0 : l.leaf7_1;
      regs[b.r] |= 1u << b.bit;
      found = true;
    }
    if (!found) throw std::logic_error("fake cpu: no CPUID bit for " + name);
  }
  return l;
}

inline const std::initializer_list<const char*> haswell = {"sse4.2", "avx", "avx2", "fma", "bmi2", "f16c"};

}  // namespace fake
