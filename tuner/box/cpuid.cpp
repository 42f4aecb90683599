#include "box/cpuid.h"

#if defined(__x86_64__)
#include <cpuid.h>

#include <cstring>

#include "box/text.h"

namespace tune::box {

namespace {

void read_leaf(unsigned leaf, unsigned subleaf, std::array<std::uint32_t, 4>& out) {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (__get_cpuid_count(leaf, subleaf, &a, &b, &c, &d) != 0) out = {a, b, c, d};
}

std::uint64_t xgetbv0() {
  std::uint32_t lo = 0, hi = 0;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (static_cast<std::uint64_t>(hi) << 32) | lo;
}

}  // namespace

cpuid_leaves read_cpuid_leaves() {
  cpuid_leaves l;
  l.max_leaf = __get_cpuid_max(0, nullptr);
  if (l.max_leaf >= 1) read_leaf(1, 0, l.leaf1);
  if (l.max_leaf >= 7) {
    read_leaf(7, 0, l.leaf7_0);
    if (l.leaf7_0[0] >= 1) read_leaf(7, 1, l.leaf7_1);
  }
  constexpr std::uint32_t osxsave = 1u << 27;
  if ((l.leaf1[2] & osxsave) != 0) l.xcr0 = xgetbv0();
  return l;
}

std::string read_brand_string() {
  if (static_cast<unsigned>(__get_cpuid_max(0x80000000, nullptr)) < 0x80000004u) return "";  // int in Clang's cpuid.h
  char brand[49] = {};
  for (unsigned i = 0; i < 3; ++i) {
    std::array<std::uint32_t, 4> regs{};
    read_leaf(0x80000002 + i, 0, regs);
    std::memcpy(brand + 16 * i, regs.data(), 16);
  }
  return text::collapse_spaces(brand);
}

}  // namespace tune::box
#endif
