#include "box/maker.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <utility>

#include <fmt/format.h>

#include "box/identity.h"
#include "box/platform.h"
#include "box/text.h"
#include "util/atomic_file.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace tune::box {

namespace {

// The implementer codes of the Arm Architecture Reference Manual (MIDR_EL1.Implementer) that ship
// in Linux servers, boards and laptops.
constexpr std::array<std::pair<unsigned, const char*>, 10> implementers = {{{0x41, "Arm"},
                                                                            {0x42, "Broadcom"},
                                                                            {0x43, "Cavium"},
                                                                            {0x46, "Fujitsu"},
                                                                            {0x48, "HiSilicon"},
                                                                            {0x4e, "NVIDIA"},
                                                                            {0x50, "Applied Micro"},
                                                                            {0x51, "Qualcomm"},
                                                                            {0x61, "Apple"},
                                                                            {0xc0, "Ampere"}}};

}  // namespace

std::optional<cpu_maker> arm_maker(const cpuinfo_fields& fields) {
  const auto implementer = fields.find("CPU implementer");
  const auto part = fields.find("CPU part");
  if (implementer == fields.end() || part == fields.end()) return std::nullopt;
  const std::string code = text::trim(implementer->second);
  std::string name = "implementer " + code;
  const unsigned value = static_cast<unsigned>(std::strtoul(code.c_str(), nullptr, 0));
  for (const auto& [known, maker] : implementers)
    if (known == value) name = fmt::format("{} ({})", maker, name);
  return cpu_maker{name, "part " + text::trim(part->second)};
}

cpu_maker x86_maker(const std::string& vendor, std::uint32_t leaf1_eax) {
  const std::string signature = detail::cpu::x86_signature(leaf1_eax).text;  // "family 6 model 143 stepping 8"
  return {vendor, signature.substr(0, signature.find(" stepping"))};
}

std::optional<cpu_maker> this_cpu_maker(const std::filesystem::path& proc_root) {
#if defined(__x86_64__)
  (void)proc_root;
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (__get_cpuid(0, &a, &b, &c, &d) == 0) return std::nullopt;
  char vendor[13] = {};
  std::memcpy(vendor, &b, 4);
  std::memcpy(vendor + 4, &d, 4);
  std::memcpy(vendor + 8, &c, 4);
  unsigned eax1 = 0;
  if (__get_cpuid(1, &eax1, &b, &c, &d) == 0) return std::nullopt;
  return x86_maker(vendor, eax1);
#else
  const auto cpuinfo = util::read_file(proc_root / "cpuinfo");
  if (!cpuinfo || arch_name() != "aarch64") return std::nullopt;
  return arm_maker(parse_cpuinfo(*cpuinfo));
#endif
}

}  // namespace tune::box
