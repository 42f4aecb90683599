#pragma once
// CPU features a `requires=` expression can name (docs/profiles-and-policy.md).
// Detection is a pure function of CPUID leaves and the OS register state, so tests feed fake
// leaves and cover every class on any machine.
#include <array>
#include <cstdint>
#include <set>
#include <optional>
#include <string>
#include <vector>

#include <tune/detail/cpu.h>

namespace tune::box {

using feature_set = std::set<std::string>;

// Every feature name `requires=` accepts, per architecture, in the order of
// docs/profiles-and-policy.md "Feature names and classes".
const std::vector<std::string>& known_x86_features();
const std::vector<std::string>& known_arm_features();
bool is_known_feature(const std::string& name);

// "sse4.2 avx ... sve2": every known name, for error messages that must list the fix.
std::string known_features_text();

// The CPUID leaves detection reads (tune/detail/cpu.h: the same rules as a DISPATCH binary's).
using cpuid_leaves = detail::cpu::cpuid_leaves;

// Features from leaves: a wide-register feature counts only when the OS saves that state.
// Leaf 7 counts only when max_leaf >= 7, leaf 7.1 only when leaf7_0 eax >= 1.
feature_set features_from_cpuid(const cpuid_leaves& leaves);

// Features from the aarch64 auxiliary vector (AT_HWCAP, AT_HWCAP2).
feature_set features_from_hwcap(std::uint64_t hwcap, std::uint64_t hwcap2);

// Reads this machine's leaves (x86-64) or auxiliary vector (aarch64); empty elsewhere.
feature_set detect_features();

// The SVE vector length this process runs with, in bits (prctl(PR_SVE_GET_VL)), on an aarch64
// box with SVE; nullopt elsewhere. It is part of the box identity (identity.h), never of a class:
// SVE code is written for any length, and runs at the length the box gives it.
std::optional<unsigned> sve_vector_bits();

// Applies TUNE_FORCE_FEATURES (`+feat,-feat`, left to right, whitespace tolerated); throws
// std::invalid_argument naming an unknown feature or a malformed entry.
feature_set apply_forced(feature_set detected, const std::string& force_spec);

// detect_features() with TUNE_FORCE_FEATURES from the environment applied.
feature_set this_box_features();

// "avx2;bmi2;f16c;fma;sse4.2": sorted, ';'-joined, as the sidecar records it.
std::string join(const feature_set& features);
// Inverse of join; "" is the empty set. Throws std::invalid_argument on an empty name ("a;;b").
feature_set split(const std::string& joined);

}  // namespace tune::box
