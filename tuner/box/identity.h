#pragma once
// Box identity: `platform|arch|cpu-model-name|cpu-signature|os-release(major.minor)`
// (docs/sidecar.md "Box identity"); on an aarch64 box with SVE the signature ends with the
// vector length.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "box/features.h"
#include "box/maker.h"

namespace tune::box {

struct box_info {
  std::string identity;
  std::string platform;
  std::string arch;
  feature_set features;  // TUNE_FORCE_FEATURES applied
  std::string cls;
  std::string
      emulated;  // why this process runs under user-mode emulation (box/cpuinfo.h emulation_of); empty on a real CPU
  std::string forced;              // TUNE_FORCE_FEATURES as the features were read under it ("" when unset)
  int cpus = 0;                    // the allocation's CPUs (platform.h allocation_cpus)
  std::optional<cpu_maker> maker;  // maker.h this_cpu_maker
};

// Why this process runs under user-mode emulation (emulation_of on `proc_root`/cpuinfo), or
// nullopt on a real CPU.
std::optional<std::string> emulation_here(const std::filesystem::path& proc_root = "/proc");

// Pure assembly of the identity string; `os_release` is cut to major.minor ("6.1.0-18-amd64" → "6.1").
// Throws std::invalid_argument for an empty part or one containing '|', the separator.
std::string make_identity(const std::string& platform, const std::string& arch, const std::string& model_name,
                          const std::string& signature, const std::string& os_release);

// The cpu-signature part with the SVE vector length appended (" sve-vl 256") when there is one:
// two boxes of one CPU model at different lengths run SVE rows at different speeds.
std::string with_sve_length(const std::string& signature, std::optional<unsigned> sve_bits);

// "6.1.0-18-amd64" → "6.1"; throws std::invalid_argument unless it starts with <digits>.<digits>.
std::string cut_os_release(const std::string& release);

// "family 25 model 1 stepping 1" from CPUID leaf 1 eax, with the display family and model
// (extended fields folded in as the Intel SDM and AMD's manual define them).
std::string x86_signature(std::uint32_t leaf1_eax);

// This machine: model name from <proc_root>/cpuinfo (x86 falls back to the CPUID brand string),
// signature from CPUID (x86-64) or cpuinfo, OS release from <proc_root>/sys/kernel/osrelease on
// Linux and uname elsewhere. TUNE_FORCE_FEATURES applies to features and class, never the identity.
box_info this_box(const std::filesystem::path& proc_root = "/proc");

}  // namespace tune::box
