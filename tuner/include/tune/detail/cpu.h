#pragma once
// What an x86-64 or aarch64 CPU is, by one set of rules for `tune box` (tuner/box/ builds on these) and for a
// DISPATCH binary choosing its rows at run time (tune/dispatch.h): the features `requires=` names,
// the features CPUID and the OS's register state give, the CPU classes, and the CPU signature of
// the box identity. One definition, so a program never classifies its CPU otherwise than the tool
// that measured it. Header-only, C++17, no allocation.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace tune::detail::cpu {

// Every x86-64 feature `requires=` accepts, in the order of
// docs/profiles-and-policy.md "Feature names and classes": bit i of a feature mask is
// x86_feature_names[i].
inline constexpr std::array<const char*, 17> x86_feature_names = {
    "sse4.2",   "avx",      "avx2",       "fma",        "bmi2",       "f16c",    "avx512f",  "avx512bw", "avx512cd",
    "avx512dq", "avx512vl", "avx512vnni", "avx512bf16", "avx512vbmi", "avxvnni", "amx-tile", "amx-int8"};

// The bit of feature `name`; 0 for a name that is not an x86-64 feature.
inline std::uint64_t x86_feature_bit(const char* name) {
  for (std::size_t i = 0; i < x86_feature_names.size(); ++i)
    if (std::strcmp(x86_feature_names[i], name) == 0) return std::uint64_t{1} << i;
  return 0;
}

// Every aarch64 feature `requires=` accepts, in the same document's order: bit i of an aarch64
// feature mask is aarch64_feature_names[i].
inline constexpr std::array<const char*, 6> aarch64_feature_names = {"neon", "dotprod", "i8mm", "bf16", "sve", "sve2"};

// The bit of aarch64 feature `name`; 0 for a name that is not one.
inline std::uint64_t aarch64_feature_bit(const char* name) {
  for (std::size_t i = 0; i < aarch64_feature_names.size(); ++i)
    if (std::strcmp(aarch64_feature_names[i], name) == 0) return std::uint64_t{1} << i;
  return 0;
}

// Features from the auxiliary vector's AT_HWCAP and AT_HWCAP2 (bit values of Linux
// arch/arm64/include/uapi/asm/hwcap.h, spelled out so this compiles on every arch and older C
// libraries' headers need not have them). sve2 counts only beside sve: kernels before 6.14 report
// SVE2 on CPUs that have it only in streaming mode (SME without SVE).
inline std::uint64_t aarch64_features(std::uint64_t hwcap, std::uint64_t hwcap2) {
  constexpr std::uint64_t hwcap_asimd = 1u << 1, hwcap_asimddp = 1u << 20, hwcap_sve = 1u << 22;
  constexpr std::uint64_t hwcap2_sve2 = 1u << 1, hwcap2_i8mm = 1u << 13, hwcap2_bf16 = 1u << 14;
  std::uint64_t f = 0;
  const auto add = [&f](bool present, const char* name) {
    if (present) f |= aarch64_feature_bit(name);
  };
  add((hwcap & hwcap_asimd) != 0, "neon");
  add((hwcap & hwcap_asimddp) != 0, "dotprod");
  add((hwcap & hwcap_sve) != 0, "sve");
  add((hwcap & hwcap_sve) != 0 && (hwcap2 & hwcap2_sve2) != 0, "sve2");
  add((hwcap2 & hwcap2_i8mm) != 0, "i8mm");
  add((hwcap2 & hwcap2_bf16) != 0, "bf16");
  return f;
}

// The bit of feature `name` in the masks of `arch` ("x86_64" or "aarch64"); 0 for a name that is
// not one of that arch's.
inline std::uint64_t feature_bit(const char* arch, const char* name) {
  if (std::strcmp(arch, "aarch64") == 0) return aarch64_feature_bit(name);
  if (std::strcmp(arch, "x86_64") == 0) return x86_feature_bit(name);
  return 0;
}

// The CPUID leaves detection reads. Absent leaves are left zero.
struct cpuid_leaves {
  std::uint32_t max_leaf = 0;
  std::array<std::uint32_t, 4> leaf1{};    // eax, ebx, ecx, edx of leaf 1
  std::array<std::uint32_t, 4> leaf7_0{};  // leaf 7 subleaf 0 (eax: highest subleaf)
  std::array<std::uint32_t, 4> leaf7_1{};  // leaf 7 subleaf 1
  std::uint64_t xcr0 = 0;                  // XGETBV(0); valid only when OSXSAVE is set in leaf1.ecx
};

// Features from leaves (CPUID bit positions: Intel SDM vol. 2A): a wide-register feature counts
// only when the OS saves that register state in XCR0. Leaf 7 counts only when max_leaf >= 7, leaf
// 7.1 only when leaf7_0 eax >= 1.
inline std::uint64_t x86_features(const cpuid_leaves& leaves) {
  const auto bit = [](std::uint64_t word, unsigned n) { return ((word >> n) & 1u) != 0; };
  const auto all = [](std::uint64_t word, std::uint64_t mask) { return (word & mask) == mask; };
  constexpr std::uint64_t xcr0_sse = 1u << 1, xcr0_avx = 1u << 2, xcr0_opmask = 1u << 5, xcr0_zmm_hi256 = 1u << 6,
                          xcr0_hi16_zmm = 1u << 7, xcr0_tilecfg = 1u << 17, xcr0_tiledata = 1u << 18;
  enum { eax = 0, ebx = 1, ecx = 2, edx = 3 };
  const std::array<std::uint32_t, 4> none{};
  const auto& l1 = leaves.max_leaf >= 1 ? leaves.leaf1 : none;
  const auto& l7 = leaves.max_leaf >= 7 ? leaves.leaf7_0 : none;
  const auto& l7_1 = leaves.max_leaf >= 7 && leaves.leaf7_0[eax] >= 1 ? leaves.leaf7_1 : none;

  // XGETBV faults unless the OS set CR4.OSXSAVE, so XCR0 means nothing without it.
  const std::uint64_t xcr0 = bit(l1[ecx], 27) ? leaves.xcr0 : 0;
  const bool os_avx = all(xcr0, xcr0_sse | xcr0_avx);
  const bool os_avx512 = os_avx && all(xcr0, xcr0_opmask | xcr0_zmm_hi256 | xcr0_hi16_zmm);
  const bool os_amx = all(xcr0, xcr0_tilecfg | xcr0_tiledata);

  std::uint64_t f = 0;
  const auto add = [&f](bool present, const char* name) {
    if (present) f |= x86_feature_bit(name);
  };
  // SSE state is saved by FXSAVE on every x86-64 OS (it is the ABI's float register file), and
  // bmi2 works on general registers: neither needs XCR0.
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

#if defined(__x86_64__)
// This machine's leaves; those beyond the CPU's maximum stay zero, xcr0 is read only when OSXSAVE
// is set.
inline cpuid_leaves read_cpuid_leaves() {
  const auto read_leaf = [](unsigned leaf, unsigned subleaf, std::array<std::uint32_t, 4>& out) {
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid_count(leaf, subleaf, &a, &b, &c, &d) != 0) out = {a, b, c, d};
  };
  cpuid_leaves l;
  l.max_leaf = __get_cpuid_max(0, nullptr);
  if (l.max_leaf >= 1) read_leaf(1, 0, l.leaf1);
  if (l.max_leaf >= 7) {
    read_leaf(7, 0, l.leaf7_0);
    if (l.leaf7_0[0] >= 1) read_leaf(7, 1, l.leaf7_1);
  }
  constexpr std::uint32_t osxsave = 1u << 27;
  if ((l.leaf1[2] & osxsave) != 0) {
    std::uint32_t lo = 0, hi = 0;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    l.xcr0 = (static_cast<std::uint64_t>(hi) << 32) | lo;
  }
  return l;
}
#endif

// "family 25 model 1 stepping 1" from CPUID leaf 1 eax, with the display family and model
// (extended fields folded in as the Intel SDM and AMD's manual define them): the box identity's
// CPU signature.
struct signature_text {
  char text[64];
};
inline signature_text x86_signature(std::uint32_t leaf1_eax) {
  const std::uint32_t stepping = leaf1_eax & 0xF;
  const std::uint32_t model = (leaf1_eax >> 4) & 0xF;
  const std::uint32_t family = (leaf1_eax >> 8) & 0xF;
  const std::uint32_t extended_model = (leaf1_eax >> 16) & 0xF;
  const std::uint32_t extended_family = (leaf1_eax >> 20) & 0xFF;
  const std::uint32_t display_family = family == 0xF ? family + extended_family : family;
  const std::uint32_t display_model = family == 0x6 || family == 0xF ? (extended_model << 4) + model : model;
  signature_text out{};
  std::snprintf(out.text, sizeof out.text, "family %u model %u stepping %u", display_family, display_model, stepping);
  return out;
}

// A CPU class: a named feature set (docs/profiles-and-policy.md "Feature names and classes");
// `adds` are the features beyond the parent's, null-terminated.
struct class_row {
  const char* name;
  const char* parent;  // "" at the bottom
  const char* arch;    // "x86_64" or "aarch64": only boxes of this arch can belong
  std::array<const char*, 6> adds;
};

// The class table of docs/profiles-and-policy.md "Feature names and classes", highest first:
// parents come later than their children.
inline constexpr std::array<class_row, 11> class_rows = {{
    {"x86-amx", "x86-vnni512", "x86_64", {"amx-tile", "amx-int8", nullptr}},
    {"x86-vnni512", "x86-avx512", "x86_64", {"avx512vnni", nullptr}},
    {"x86-avx512", "x86-avx2", "x86_64", {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl", nullptr}},
    {"x86-vnni256", "x86-avx2", "x86_64", {"avxvnni", nullptr}},
    {"x86-avx2", "x86-base", "x86_64", {"avx2", "fma", "bmi2", "f16c", nullptr}},
    {"x86-base", "", "x86_64", {nullptr}},
    // The aarch64 ladder: Graviton 4 and Grace (sve2), Graviton 3 (sve with i8mm and bf16),
    // Neoverse N2/V1-era cores without SVE (i8mm), Neoverse N1 and Graviton 2 (dotprod), and every
    // other AArch64 core: arm-neon promises neon, as AArch64 makes Advanced SIMD mandatory. A64FX
    // has SVE without dotprod, so it is arm-neon: no class above may assume what it lacks.
    {"arm-sve2", "arm-sve", "aarch64", {"sve2", nullptr}},
    {"arm-sve", "arm-i8mm", "aarch64", {"sve", nullptr}},
    {"arm-i8mm", "arm-dotprod", "aarch64", {"i8mm", "bf16", nullptr}},
    {"arm-dotprod", "arm-neon", "aarch64", {"dotprod", nullptr}},
    {"arm-neon", "", "aarch64", {"neon", nullptr}},
}};

// The row of class `name`; null when there is none.
inline const class_row* find_class(const char* name) {
  for (const auto& c : class_rows)
    if (std::strcmp(c.name, name) == 0) return &c;
  return nullptr;
}

// Every feature of class `c`, its parents' included, as a mask of its arch's bits.
inline std::uint64_t class_mask(const class_row& c) {
  std::uint64_t mask = 0;
  for (const class_row* row = &c; row != nullptr; row = *row->parent ? find_class(row->parent) : nullptr)
    for (const char* const* add = row->adds.data(); *add != nullptr; ++add) mask |= feature_bit(c.arch, *add);
  return mask;
}

// The highest class of `arch` whose features `features` (that arch's mask) has: "highest" is the
// class with the most features, ties to the earlier row (so x86-avx512 outranks its sibling
// x86-vnni256); null when none does (an aarch64 CPU without Advanced SIMD).
inline const class_row* classify(const char* arch, std::uint64_t features) {
  const class_row* best = nullptr;
  int best_count = -1;
  for (const auto& c : class_rows) {
    if (std::strcmp(c.arch, arch) != 0) continue;
    const std::uint64_t mask = class_mask(c);
    const int count = __builtin_popcountll(mask);
    if ((features & mask) == mask && count > best_count) {
      best = &c;
      best_count = count;
    }
  }
  return best;
}

// The highest x86-64 class `features` has; x86-base has none, so there always is one.
inline const class_row& x86_classify(std::uint64_t features) { return *classify("x86_64", features); }

}  // namespace tune::detail::cpu
