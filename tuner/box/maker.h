#pragma once
// Who made this box's CPU, and which model it is: what a profile's provenance records, so that a
// box adopting a profile minted on another maker's CPU is told (docs/profiles-and-policy.md
// "Committed defaults profiles"). x86-64: the CPUID vendor and display family and model; aarch64:
// the MIDR implementer and part, as the kernel reports them in /proc/cpuinfo.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "box/cpuinfo.h"

namespace tune::box {

struct cpu_maker {
  std::string maker;  // "GenuineIntel", "AuthenticAMD"; "Arm (implementer 0x41)", "Ampere (implementer 0xc0)"
  std::string model;  // "family 6 model 143"; "part 0xd40"
};

// From an aarch64 /proc/cpuinfo block; nullopt without "CPU implementer" and "CPU part".
std::optional<cpu_maker> arm_maker(const cpuinfo_fields& fields);

// From the x86 CPUID vendor string and leaf 1 eax.
cpu_maker x86_maker(const std::string& vendor, std::uint32_t leaf1_eax);

// This box's; nullopt where neither source answers (another arch, an emulated box).
std::optional<cpu_maker> this_cpu_maker(const std::filesystem::path& proc_root = "/proc");

}  // namespace tune::box
