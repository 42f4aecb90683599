// TUNE_FORCE_FEATURES: `+feat,-feat` edits of the detected set, and the join/split the sidecar uses.
#include <doctest/doctest.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

#include <tune/detail/force.h>

#include "box/features.h"
#include "known_features.h"

using tune::box::apply_forced;
using tune::box::feature_set;

TEST_CASE("forced features add and remove, left to right") {
  const feature_set detected{"avx2", "avx512f", "fma"};
  CHECK(apply_forced(detected, "+avxvnni,-avx512f") == feature_set{"avx2", "avxvnni", "fma"});
  CHECK(apply_forced(detected, " +amx-tile , - avx2 ") == feature_set{"amx-tile", "avx512f", "fma"});
  CHECK(apply_forced(detected, "-avx2,+avx2") == detected);
  CHECK(apply_forced(detected, "+avx2,-avx2") == feature_set{"avx512f", "fma"});
  CHECK(apply_forced(detected, "-sve") == detected);
  CHECK(apply_forced({}, "+neon,+i8mm") == feature_set{"i8mm", "neon"});
}

TEST_CASE("a force spec's entries, as the tool and the dispatcher read them (tune/detail/force.h)") {
  const auto entries = tune::detail::force::entries(" +amx-tile ,,-,x, -  avx2\t");
  REQUIRE(entries.size() == 5);
  const char* texts[] = {"+amx-tile", "", "-", "x", "-  avx2"};
  const char signs[] = {'+', 0, 0, 0, '-'};
  const char* names[] = {"amx-tile", "", "", "", "avx2"};
  for (std::size_t i = 0; i < entries.size(); ++i) {
    CAPTURE(i);
    CHECK(entries[i].text == texts[i]);
    CHECK(entries[i].sign == signs[i]);
    CHECK(entries[i].name == names[i]);
  }
  CHECK(tune::detail::force::entries("").empty());
  CHECK(tune::detail::force::entries(" \t\n").empty());
}

TEST_CASE("an empty force spec leaves the detected set alone") {
  const feature_set detected{"avx2"};
  CHECK(apply_forced(detected, "") == detected);
  CHECK(apply_forced(detected, "  ") == detected);
}

TEST_CASE("force spec errors name the entry and the fix") {
  CHECK_THROWS_WITH_AS(apply_forced({}, "+avx2,avx512f"),
                       "TUNE_FORCE_FEATURES=\"+avx2,avx512f\": malformed entry \"avx512f\"; write +feature or "
                       "-feature joined by ',', e.g. +avx2,-avx512f",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(apply_forced({}, "+avx2,"),
                       "TUNE_FORCE_FEATURES=\"+avx2,\": malformed entry \"\"; write +feature or -feature joined "
                       "by ',', e.g. +avx2,-avx512f",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(apply_forced({}, "+ "),
                       "TUNE_FORCE_FEATURES=\"+ \": malformed entry \"+\"; write +feature or -feature joined by "
                       "',', e.g. +avx2,-avx512f",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(
      apply_forced({}, "+avx3"),
      (std::string("TUNE_FORCE_FEATURES=\"+avx3\": unknown feature \"avx3\"; known features: ") + known_features_text)
          .c_str(),
      std::invalid_argument);
  CHECK_THROWS_WITH_AS(
      apply_forced({}, "-AVX2"),
      (std::string("TUNE_FORCE_FEATURES=\"-AVX2\": unknown feature \"AVX2\"; known features: ") + known_features_text)
          .c_str(),
      std::invalid_argument);
}

TEST_CASE("this_box_features applies TUNE_FORCE_FEATURES from the environment") {
  const auto detected = tune::box::detect_features();
  ::setenv("TUNE_FORCE_FEATURES", "+amx-tile,-sse4.2", 1);
  auto expected = detected;
  expected.insert("amx-tile");
  expected.erase("sse4.2");
  CHECK(tune::box::this_box_features() == expected);
  ::setenv("TUNE_FORCE_FEATURES", "avx2", 1);
  CHECK_THROWS_AS(tune::box::this_box_features(), std::invalid_argument);
  ::unsetenv("TUNE_FORCE_FEATURES");
  CHECK(tune::box::this_box_features() == detected);
}

TEST_CASE("join and split are inverse, sorted and ';'-separated") {
  const feature_set f{"sse4.2", "avx2", "fma", "bmi2", "f16c"};
  CHECK(tune::box::join(f) == "avx2;bmi2;f16c;fma;sse4.2");
  CHECK(tune::box::split("avx2;bmi2;f16c;fma;sse4.2") == f);
  CHECK(tune::box::join({}).empty());
  CHECK(tune::box::split("").empty());
  CHECK_THROWS_WITH_AS(tune::box::split("avx2;;fma"),
                       "feature list \"avx2;;fma\" has an empty name; expected names joined by ';'",
                       std::invalid_argument);
}

TEST_CASE("a long force spec is echoed clipped") {
  const std::string spec = "+" + std::string(10'000, 'x');
  CHECK_THROWS_WITH_AS(apply_forced({}, spec),
                       ("TUNE_FORCE_FEATURES=\"+" + std::string(63, 'x') + "...\": unknown feature \"" +
                        std::string(64, 'x') + "...\"; known features: " + tune::box::known_features_text())
                           .c_str(),
                       std::invalid_argument);
}
