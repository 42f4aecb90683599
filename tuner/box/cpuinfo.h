#pragma once
// /proc/cpuinfo: the CPU model name, and the CPU signature on machines without CPUID.
#include <map>
#include <optional>
#include <string>

namespace tune::box {

// "key : value" pairs of the first processor block (every CPU of a box reports the same model).
using cpuinfo_fields = std::map<std::string, std::string>;
cpuinfo_fields parse_cpuinfo(const std::string& text);

// The model name, spaces collapsed: "model name"; on aarch64, whose kernel names no model,
// "implementer 0x41 part 0xd0c"; elsewhere also "uarch", "cpu model" or "cpu". nullopt when absent.
std::optional<std::string> cpuinfo_model_name(const cpuinfo_fields& fields, const std::string& arch);

// The signature on machines without CPUID: aarch64 "implementer 0x41 variant 0x3 part 0xd0c
// revision 1"; elsewhere the mvendorid/marchid/mimpid/revision fields present. Throws
// std::runtime_error naming `source` and the fields it needs when they are absent.
std::string cpuinfo_signature(const cpuinfo_fields& fields, const std::string& arch, const std::string& source);

// Why a process of `arch` runs under user-mode emulation (QEMU user mode, also when binfmt_misc
// starts it unseen), or nullopt: the kernel's /proc/cpuinfo describes the host's CPU, so an
// aarch64 or other non-x86 process that reads an x86-64 block (vendor_id, no CPU implementer) is
// not on the CPU it was built for. Timings there measure the emulator.
std::optional<std::string> emulation_of(const cpuinfo_fields& fields, const std::string& arch);

}  // namespace tune::box
