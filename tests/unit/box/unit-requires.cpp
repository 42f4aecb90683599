// requires= grammar: AND of ORs, whitespace tolerant, unknown names are errors; why_not texts.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "box/requires.h"
#include "known_features.h"

using tune::box::feature_set;
using tune::box::holds;
using tune::box::parse_requires;
using tune::box::why_not;

using groups = std::vector<std::vector<std::string>>;

TEST_CASE("requires= parses to an AND of ORs") {
  CHECK(parse_requires("avx2,fma|avx512f").all_of == groups{{"avx2"}, {"fma", "avx512f"}});
  CHECK(parse_requires(" avx2 , fma | avx512f ").all_of == groups{{"avx2"}, {"fma", "avx512f"}});
  CHECK(parse_requires("neon").all_of == groups{{"neon"}});
  CHECK(parse_requires("amx-tile|amx-int8|sse4.2").all_of == groups{{"amx-tile", "amx-int8", "sse4.2"}});
  CHECK(parse_requires("avx2,fma").text == "avx2,fma");
}

TEST_CASE("an empty requires= always holds") {
  CHECK(parse_requires("").all_of.empty());
  CHECK(parse_requires("   ").all_of.empty());
  CHECK(holds(parse_requires(""), {}));
}

TEST_CASE("holds: every group needs one of its alternatives") {
  const auto r = parse_requires("avx2,fma|avx512f");
  CHECK(holds(r, {"avx2", "fma"}));
  CHECK(holds(r, {"avx2", "avx512f"}));
  CHECK_FALSE(holds(r, {"avx2"}));
  CHECK_FALSE(holds(r, {"fma", "avx512f"}));
  CHECK_FALSE(holds(r, {}));
}

TEST_CASE("requires= errors name the expression, the feature and the fix") {
  CHECK_THROWS_WITH_AS(
      parse_requires("avx2,avx512"),
      (std::string("requires= \"avx2,avx512\": unknown feature \"avx512\"; known features: ") + known_features_text)
          .c_str(),
      std::invalid_argument);
  CHECK_THROWS_WITH_AS(
      parse_requires("AVX2"),
      (std::string("requires= \"AVX2\": unknown feature \"AVX2\"; known features: ") + known_features_text).c_str(),
      std::invalid_argument);
  CHECK_THROWS_WITH_AS(
      parse_requires("avx 2"),
      (std::string("requires= \"avx 2\": unknown feature \"avx 2\"; known features: ") + known_features_text).c_str(),
      std::invalid_argument);
  for (const char* bad : {"avx2,,fma", "avx2,", ",avx2", "avx2||fma", "|avx2", "fma| "}) {
    CAPTURE(bad);
    CHECK_THROWS_WITH_AS(parse_requires(bad),
                         (std::string("requires= \"") + bad +
                          "\": empty alternative; write features joined by ',' (all of) and '|' (any of), "
                          "e.g. avx2,fma|avx512f")
                             .c_str(),
                         std::invalid_argument);
  }
}

TEST_CASE("why_not explains each failing group") {
  CHECK(why_not(parse_requires("avx512f"), {"avx2"}) == "requires avx512f: not on this box");
  CHECK(why_not(parse_requires("avx512f|avx2"), {"fma"}) == "requires avx512f|avx2: neither on this box");
  CHECK(why_not(parse_requires("amx-tile|amx-int8|avx512vnni"), {}) ==
        "requires amx-tile|amx-int8|avx512vnni: none on this box");
  CHECK(why_not(parse_requires("avx2,avx512f,fma|avx512vnni"), {"avx2"}) ==
        "requires avx512f: not on this box; requires fma|avx512vnni: neither on this box");
  CHECK(why_not(parse_requires(" avx512f | avx2 "), {}) == "requires avx512f|avx2: neither on this box");
}

TEST_CASE("why_not on a requirement that holds is a caller bug") {
  CHECK_THROWS_WITH_AS(why_not(parse_requires("avx2"), {"avx2"}),
                       "why_not(\"avx2\"): the requirement holds on this box", std::logic_error);
}
