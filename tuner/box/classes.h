#pragma once
// CPU classes and the ladder (docs/profiles-and-policy.md "This box: features and class").
#include <string>
#include <vector>

#include "box/features.h"

namespace tune::box {

struct cpu_class {
  std::string name;      // "x86-avx2"
  std::string parent;    // "x86-base"; empty at the bottom
  std::string arch;      // "x86_64" or "aarch64": only boxes of this arch can belong
  feature_set features;  // every feature of the class, parents' included
};

// The class table of docs/profiles-and-policy.md "Feature names and classes", highest first
// (built from tune/detail/cpu.h's). arm-neon promises neon: AArch64 makes Advanced SIMD
// mandatory, and TUNE_TARGET_CLASS=arm-neon must find `requires=neon` rows runnable.
const std::vector<cpu_class>& class_table();

// The highest class of `arch` whose features `features` has; "<platform>-<arch>" when none
// matches. "Highest" is the class with the most features, ties to the earlier table row, so
// the siblings above x86-avx2 order as x86-avx512 (9 features) over x86-vnni256 (5).
std::string classify(const std::string& platform, const std::string& arch, const feature_set& features);

// classify() on this platform (platform_name()).
std::string classify(const std::string& arch, const feature_set& features);

// The lowest class of `arch` (x86-base, arm-neon): what every box of that arch can run, and
// what a cross build for it stamps from when nothing names a class; "<platform>-<arch>" for an
// arch the table does not cover.
std::string base_class(const std::string& platform, const std::string& arch);

// True for "<platform>-<arch>" names: a known platform and an arch the table does not cover.
bool is_fallback_class(const std::string& cls);

// From `cls` down to the bottom of its table ("x86-vnni512" → x86-avx512 → x86-avx2 → x86-base);
// a fallback class is its own one-step ladder. Throws std::invalid_argument for an unknown class.
std::vector<std::string> ladder(const std::string& cls);

// The features a class promises (TUNE_TARGET_CLASS); none for a fallback class. Throws
// std::invalid_argument for an unknown class.
feature_set class_features(const std::string& cls);

}  // namespace tune::box
