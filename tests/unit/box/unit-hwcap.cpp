// features_from_hwcap: AT_HWCAP / AT_HWCAP2 bits (Linux arch/arm64/include/uapi/asm/hwcap.h).
#include <doctest/doctest.h>

#include "box/classes.h"
#include "box/features.h"

using tune::box::classify;
using tune::box::feature_set;
using tune::box::features_from_hwcap;

namespace {
constexpr std::uint64_t asimd = 1u << 1, asimddp = 1u << 20, sve = 1u << 22;
constexpr std::uint64_t sve2 = 1u << 1, i8mm = 1u << 13, bf16 = 1u << 14;
}  // namespace

TEST_CASE("each arm feature comes from its own hwcap bit") {
  CHECK(features_from_hwcap(asimd, 0) == feature_set{"neon"});
  CHECK(features_from_hwcap(asimddp, 0) == feature_set{"dotprod"});
  CHECK(features_from_hwcap(sve, 0) == feature_set{"sve"});
  CHECK(features_from_hwcap(sve, sve2) == feature_set{"sve", "sve2"});
  CHECK(features_from_hwcap(0, i8mm) == feature_set{"i8mm"});
  CHECK(features_from_hwcap(0, bf16) == feature_set{"bf16"});
}

TEST_CASE("hwcap and hwcap2 are not confused: the same bit means different features") {
  CHECK(features_from_hwcap(i8mm | bf16, 0).empty());                    // AT_HWCAP bits 13, 14: jscvt, fcma
  CHECK(features_from_hwcap(0, asimddp | sve).empty());                  // AT_HWCAP2 bits 20, 22: afp, mte3
  CHECK(features_from_hwcap(sve, asimd) == feature_set{"sve", "sve2"});  // bit 1: asimd in AT_HWCAP, sve2 in AT_HWCAP2
}

TEST_CASE("sve2 counts only beside sve: kernels before 6.14 report it on SME-only CPUs") {
  CHECK(features_from_hwcap(asimd, sve2) == feature_set{"neon"});
  CHECK(features_from_hwcap(asimd | sve, sve2) == feature_set{"neon", "sve", "sve2"});
}

TEST_CASE("a box of every arm class") {
  SUBCASE("arm-neon (Cortex-A72)") {
    const auto f = features_from_hwcap(asimd | 1u /* fp */, 0);
    CHECK(classify("linux", "aarch64", f) == "arm-neon");
  }
  SUBCASE("arm-dotprod (Neoverse N1, Graviton 2)") {
    CHECK(classify("linux", "aarch64", features_from_hwcap(asimd | asimddp, 0)) == "arm-dotprod");
  }
  SUBCASE("arm-i8mm (i8mm and bf16 without SVE)") {
    const auto f = features_from_hwcap(asimd | asimddp, i8mm | bf16);
    CHECK(classify("linux", "aarch64", f) == "arm-i8mm");
  }
  SUBCASE("i8mm without bf16 is only arm-dotprod") {
    CHECK(classify("linux", "aarch64", features_from_hwcap(asimd | asimddp, i8mm)) == "arm-dotprod");
  }
  SUBCASE("arm-sve (Neoverse V1, Graviton 3)") {
    const auto f = features_from_hwcap(asimd | asimddp | sve, i8mm | bf16);
    CHECK(f == feature_set{"bf16", "dotprod", "i8mm", "neon", "sve"});
    CHECK(classify("linux", "aarch64", f) == "arm-sve");
  }
  SUBCASE("arm-sve2 (Neoverse V2, Graviton 4, Grace)") {
    const auto f = features_from_hwcap(asimd | asimddp | sve, sve2 | i8mm | bf16);
    CHECK(classify("linux", "aarch64", f) == "arm-sve2");
  }
  SUBCASE("SVE without dotprod is arm-neon (A64FX)") {
    CHECK(classify("linux", "aarch64", features_from_hwcap(asimd | sve, 0)) == "arm-neon");
    CHECK(classify("linux", "aarch64", features_from_hwcap(asimd | sve, sve2)) == "arm-neon");
  }
  SUBCASE("aarch64 without Advanced SIMD belongs to no table class") {
    CHECK(classify("linux", "aarch64", {}) == "linux-aarch64");
  }
}
