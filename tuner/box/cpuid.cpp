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

}  // namespace

cpuid_leaves read_cpuid_leaves() { return detail::cpu::read_cpuid_leaves(); }

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
