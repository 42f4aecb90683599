// features_from_cpuid: every feature from its own bit, and the OS register state gating it.
#include <doctest/doctest.h>

#include "box/classes.h"
#include "box/features.h"
#include "fake_cpus.h"

using tune::box::classify;
using tune::box::feature_set;
using tune::box::features_from_cpuid;

namespace {
std::string class_of(const tune::box::cpuid_leaves& l) { return classify("linux", "x86_64", features_from_cpuid(l)); }
}  // namespace

TEST_CASE("each known x86 feature comes from exactly its own CPUID bit") {
  for (const auto& b : fake::bits) {
    CAPTURE(b.feature);
    CHECK(features_from_cpuid(fake::cpu({b.feature}, fake::xcr0_amx)) == feature_set{b.feature});
  }
}

TEST_CASE("the bit table covers every known x86 feature") {
  feature_set mapped;
  for (const auto& b : fake::bits) mapped.insert(b.feature);
  const auto& known = tune::box::known_x86_features();
  CHECK(mapped == feature_set(known.begin(), known.end()));
}

TEST_CASE("a box of every x86 class") {
  SUBCASE("x86-base without sse4.2") {
    const auto l = fake::cpu({}, fake::xcr0_sse_avx);
    CHECK(features_from_cpuid(l).empty());
    CHECK(class_of(l) == "x86-base");
  }
  SUBCASE("x86-base with sse4.2 (Nehalem)") {
    const auto l = fake::cpu({"sse4.2"}, 0);
    CHECK(features_from_cpuid(l) == feature_set{"sse4.2"});
    CHECK(class_of(l) == "x86-base");
  }
  SUBCASE("x86-avx2 (Haswell)") {
    const auto l = fake::cpu(fake::haswell, fake::xcr0_sse_avx);
    CHECK(features_from_cpuid(l) == feature_set{"avx", "avx2", "bmi2", "f16c", "fma", "sse4.2"});
    CHECK(class_of(l) == "x86-avx2");
  }
  SUBCASE("x86-vnni256 (Alder Lake)") {
    const auto l = fake::cpu({"sse4.2", "avx", "avx2", "fma", "bmi2", "f16c", "avxvnni"}, fake::xcr0_sse_avx);
    CHECK(features_from_cpuid(l).count("avxvnni") == 1);
    CHECK(class_of(l) == "x86-vnni256");
  }
  SUBCASE("x86-avx512 (Skylake-SP) with the OS saving ZMM state") {
    const auto l = fake::cpu(
        {"sse4.2", "avx", "avx2", "fma", "bmi2", "f16c", "avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"},
        fake::xcr0_avx512);
    CHECK(features_from_cpuid(l) == feature_set{"avx", "avx2", "avx512bw", "avx512cd", "avx512dq", "avx512f",
                                                "avx512vl", "bmi2", "f16c", "fma", "sse4.2"});
    CHECK(class_of(l) == "x86-avx512");
  }
  SUBCASE("x86-avx512 CPU under an OS that does not save ZMM state reads as x86-avx2") {
    const auto l = fake::cpu({"sse4.2", "avx", "avx2", "fma", "bmi2", "f16c", "avx512f", "avx512bw", "avx512cd",
                              "avx512dq", "avx512vl", "avx512vnni"},
                             fake::xcr0_sse_avx);
    CHECK(features_from_cpuid(l) == feature_set{"avx", "avx2", "bmi2", "f16c", "fma", "sse4.2"});
    CHECK(class_of(l) == "x86-avx2");
  }
  SUBCASE("x86-vnni512 (Cascade Lake)") {
    const auto l = fake::cpu({"sse4.2", "avx", "avx2", "fma", "bmi2", "f16c", "avx512f", "avx512bw", "avx512cd",
                              "avx512dq", "avx512vl", "avx512vnni"},
                             fake::xcr0_avx512);
    CHECK(class_of(l) == "x86-vnni512");
  }
  SUBCASE("x86-amx (Sapphire Rapids) with the OS saving tile state") {
    const auto l =
        fake::cpu({"sse4.2", "avx", "avx2", "fma", "bmi2", "f16c", "avx512f", "avx512bw", "avx512cd", "avx512dq",
                   "avx512vl", "avx512vnni", "avx512bf16", "avx512vbmi", "avxvnni", "amx-tile", "amx-int8"},
                  fake::xcr0_amx);
    CHECK(features_from_cpuid(l).size() == tune::box::known_x86_features().size());
    CHECK(class_of(l) == "x86-amx");
  }
  SUBCASE("x86-amx CPU under an OS without tile state reads as x86-vnni512") {
    const auto l = fake::cpu({"sse4.2", "avx", "avx2", "fma", "bmi2", "f16c", "avx512f", "avx512bw", "avx512cd",
                              "avx512dq", "avx512vl", "avx512vnni", "amx-tile", "amx-int8"},
                             fake::xcr0_avx512);
    CHECK(features_from_cpuid(l).count("amx-tile") == 0);
    CHECK(features_from_cpuid(l).count("amx-int8") == 0);
    CHECK(class_of(l) == "x86-vnni512");
  }
}

TEST_CASE("x86-avx512 outranks its sibling x86-vnni256 when a box has both") {
  const auto l = fake::cpu({"sse4.2", "avx", "avx2", "fma", "bmi2", "f16c", "avxvnni", "avx512f", "avx512bw",
                            "avx512cd", "avx512dq", "avx512vl"},
                           fake::xcr0_avx512);
  CHECK(class_of(l) == "x86-avx512");
}

TEST_CASE("OS register state gates the wide-register features") {
  const auto all = fake::cpu({"sse4.2", "avx", "avx2", "fma", "bmi2", "f16c", "avxvnni", "avx512f", "avx512vnni",
                              "avx512bf16", "avx512vbmi", "amx-tile", "amx-int8"},
                             fake::xcr0_amx);
  SUBCASE("without OSXSAVE, XCR0 is ignored: only sse4.2 and bmi2 remain") {
    auto l = all;
    l.leaf1[fake::ecx] &= ~fake::osxsave;
    CHECK(features_from_cpuid(l) == feature_set{"bmi2", "sse4.2"});
  }
  SUBCASE("XCR0 without AVX state drops every VEX and EVEX feature") {
    auto l = all;
    l.xcr0 = 0x3 | 0x60000;
    CHECK(features_from_cpuid(l) == feature_set{"amx-int8", "amx-tile", "bmi2", "sse4.2"});
  }
  SUBCASE("XCR0 with AVX but a missing ZMM component drops AVX-512 only") {
    for (std::uint64_t missing : {0x20u, 0x40u, 0x80u}) {
      CAPTURE(missing);
      auto l = all;
      l.xcr0 = fake::xcr0_amx & ~missing;
      CHECK(features_from_cpuid(l) ==
            feature_set{"amx-int8", "amx-tile", "avx", "avx2", "avxvnni", "bmi2", "f16c", "fma", "sse4.2"});
    }
  }
  SUBCASE("AMX needs both tile components") {
    for (std::uint64_t missing : {0x20000u, 0x40000u}) {
      CAPTURE(missing);
      auto l = all;
      l.xcr0 = fake::xcr0_amx & ~missing;
      CHECK(features_from_cpuid(l).count("amx-tile") == 0);
      CHECK(features_from_cpuid(l).count("amx-int8") == 0);
      CHECK(features_from_cpuid(l).count("avx512f") == 1);
    }
  }
}

TEST_CASE("leaves beyond what the CPU reports are ignored") {
  SUBCASE("max_leaf below 7 ignores leaf 7") {
    auto l = fake::cpu(fake::haswell, fake::xcr0_sse_avx);
    l.max_leaf = 6;
    CHECK(features_from_cpuid(l) == feature_set{"avx", "f16c", "fma", "sse4.2"});
  }
  SUBCASE("leaf 7 reporting no subleaf 1 ignores leaf 7.1") {
    auto l = fake::cpu({"avxvnni", "avx512bf16"}, fake::xcr0_avx512);
    l.leaf7_0[fake::eax] = 0;
    CHECK(features_from_cpuid(l).empty());
  }
  SUBCASE("max_leaf 0 ignores everything") {
    auto l = fake::cpu(fake::haswell, fake::xcr0_sse_avx);
    l.max_leaf = 0;
    CHECK(features_from_cpuid(l).empty());
  }
}
