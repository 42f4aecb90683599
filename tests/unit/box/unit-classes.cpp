// The class table, classify's choice of the highest class, ladders and class features.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "box/classes.h"

using tune::box::class_features;
using tune::box::classify;
using tune::box::feature_set;
using tune::box::ladder;

using names = std::vector<std::string>;

namespace {
const feature_set avx2_set{"avx2", "fma", "bmi2", "f16c"};
const feature_set avx512_set{"avx2", "fma", "bmi2", "f16c", "avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"};
}  // namespace

TEST_CASE("the table is docs/profiles-and-policy.md's, highest first") {
  names table;
  for (const auto& c : tune::box::class_table()) table.push_back(c.name);
  CHECK(table == names{"x86-amx", "x86-vnni512", "x86-avx512", "x86-vnni256", "x86-avx2", "x86-base", "arm-sve2",
                       "arm-sve", "arm-i8mm", "arm-dotprod", "arm-neon"});
}

TEST_CASE("class features include the parents'") {
  CHECK(class_features("x86-base").empty());
  CHECK(class_features("x86-avx2") == avx2_set);
  CHECK(class_features("x86-vnni256") == feature_set{"avx2", "fma", "bmi2", "f16c", "avxvnni"});
  CHECK(class_features("x86-avx512") == avx512_set);
  auto vnni512 = avx512_set;
  vnni512.insert("avx512vnni");
  CHECK(class_features("x86-vnni512") == vnni512);
  vnni512.insert({"amx-tile", "amx-int8"});
  CHECK(class_features("x86-amx") == vnni512);
  CHECK(class_features("arm-neon") == feature_set{"neon"});
  CHECK(class_features("arm-dotprod") == feature_set{"neon", "dotprod"});
  CHECK(class_features("arm-i8mm") == feature_set{"neon", "dotprod", "i8mm", "bf16"});
  CHECK(class_features("arm-sve") == feature_set{"neon", "dotprod", "i8mm", "bf16", "sve"});
  CHECK(class_features("arm-sve2") == feature_set{"neon", "dotprod", "i8mm", "bf16", "sve", "sve2"});
  CHECK(class_features("linux-riscv64").empty());
}

TEST_CASE("classify picks the highest class the features cover") {
  CHECK(classify("linux", "x86_64", {}) == "x86-base");
  CHECK(classify("linux", "x86_64", {"avx2", "fma", "bmi2"}) == "x86-base");
  CHECK(classify("linux", "x86_64", avx2_set) == "x86-avx2");
  auto with_vnni = avx512_set;
  with_vnni.insert("avxvnni");
  CHECK(classify("linux", "x86_64", with_vnni) == "x86-avx512");
  with_vnni.insert("avx512vnni");
  CHECK(classify("linux", "x86_64", with_vnni) == "x86-vnni512");
  with_vnni.insert("amx-tile");
  CHECK(classify("linux", "x86_64", with_vnni) == "x86-vnni512");
  with_vnni.insert("amx-int8");
  CHECK(classify("linux", "x86_64", with_vnni) == "x86-amx");
}

TEST_CASE("classify keeps classes to their architecture") {
  CHECK(classify("linux", "aarch64", avx512_set) == "linux-aarch64");
  CHECK(classify("linux", "x86_64", {"neon", "i8mm", "dotprod"}) == "x86-base");
  CHECK(classify("linux", "riscv64", avx512_set) == "linux-riscv64");
  CHECK(classify("darwin", "ppc64le", {}) == "darwin-ppc64le");
}

TEST_CASE("ladders walk from a class down to the bottom of its table") {
  CHECK(ladder("x86-amx") == names{"x86-amx", "x86-vnni512", "x86-avx512", "x86-avx2", "x86-base"});
  CHECK(ladder("x86-vnni512") == names{"x86-vnni512", "x86-avx512", "x86-avx2", "x86-base"});
  CHECK(ladder("x86-vnni256") == names{"x86-vnni256", "x86-avx2", "x86-base"});
  CHECK(ladder("x86-base") == names{"x86-base"});
  CHECK(ladder("arm-sve2") == names{"arm-sve2", "arm-sve", "arm-i8mm", "arm-dotprod", "arm-neon"});
  CHECK(ladder("arm-i8mm") == names{"arm-i8mm", "arm-dotprod", "arm-neon"});
  CHECK(ladder("linux-riscv64") == names{"linux-riscv64"});
}

TEST_CASE("the base class of an arch is the bottom of its ladder; other arches fall back") {
  CHECK(tune::box::base_class("linux", "x86_64") == "x86-base");
  CHECK(tune::box::base_class("linux", "aarch64") == "arm-neon");
  CHECK(tune::box::base_class("linux", "riscv64") == "linux-riscv64");
  CHECK(tune::box::is_fallback_class(tune::box::base_class("linux", "riscv64")));
}

TEST_CASE("fallback class names: a known platform and an arch without a table") {
  CHECK(tune::box::is_fallback_class("linux-riscv64"));
  CHECK(tune::box::is_fallback_class("freebsd-powerpc64"));
  CHECK_FALSE(tune::box::is_fallback_class("linux-x86_64"));
  CHECK_FALSE(tune::box::is_fallback_class("linux-aarch64"));
  CHECK_FALSE(tune::box::is_fallback_class("x86-avx3"));
  CHECK_FALSE(tune::box::is_fallback_class("linux-"));
  CHECK_FALSE(tune::box::is_fallback_class("linux"));
}

TEST_CASE("unknown classes are errors that list the known ones") {
  const char* message =
      "unknown CPU class \"x86-avx3\"; known classes: x86-amx x86-vnni512 x86-avx512 x86-vnni256 x86-avx2 "
      "x86-base arm-sve2 arm-sve arm-i8mm arm-dotprod arm-neon, or <platform>-<arch> (e.g. linux-riscv64) for other "
      "CPUs";
  CHECK_THROWS_WITH_AS(ladder("x86-avx3"), message, std::invalid_argument);
  CHECK_THROWS_WITH_AS(class_features("x86-avx3"), message, std::invalid_argument);
  CHECK_THROWS_AS(ladder("linux-x86_64"), std::invalid_argument);
  CHECK_THROWS_AS(ladder(""), std::invalid_argument);
}
