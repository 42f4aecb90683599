#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>

#include "harness/tolerance.h"

using tune::bench::compare;
using tune::bench::parse_tolerance;
using tune::detail::element_kind;
using tune::detail::output;

TEST_CASE("tolerances parse and malformed ones are refused by name") {
  CHECK(parse_tolerance("exact").how == tune::bench::tolerance::kind::exact);
  CHECK(parse_tolerance("abs=1e-3").bound == doctest::Approx(1e-3));
  CHECK(parse_tolerance("rel=0.5").how == tune::bench::tolerance::kind::rel);
  CHECK(parse_tolerance("ulp=4").bound == 4);
  CHECK_THROWS_WITH_AS(parse_tolerance("rel=abc"), "tolerance 'rel=abc' is not one of exact, abs=<x>, rel=<x>, ulp=<n>",
                       std::invalid_argument);
  CHECK_THROWS_AS(parse_tolerance("fuzzy=1"), std::invalid_argument);
  CHECK_THROWS_AS(parse_tolerance("abs=-1"), std::invalid_argument);
}

TEST_CASE("exact compares every element bit for bit and names the first difference") {
  const output want{{1.0, 2.0, 3.0}, element_kind::f32};
  CHECK(compare(want, want, parse_tolerance("exact")).pass);
  const output got{{1.0, 2.5, 3.5}, element_kind::f32};
  const auto c = compare(got, want, parse_tolerance("exact"));
  CHECK_FALSE(c.pass);
  REQUIRE(c.first_bad);
  CHECK(*c.first_bad == 1);
  CHECK(c.worst_abs == doctest::Approx(0.5));
  CHECK(c.describe() == "worst abs 0.5, rel 0.167, ulp 2097152; first bad element 1: got 2.5, want 2");
}

TEST_CASE("rel is normwise: relative to the largest reference magnitude") {
  const output want{{100.0, 1e-6}, element_kind::f64};
  const output got{{100.0, 2e-6}, element_kind::f64};  // elementwise 100% off, normwise 1e-8
  CHECK(compare(got, want, parse_tolerance("rel=1e-7")).pass);
  CHECK_FALSE(compare(got, want, parse_tolerance("rel=1e-9")).pass);
}

TEST_CASE("ulp distance is counted in the output's own precision") {
  const float one = 1.0f;
  const float next = std::nextafter(one, 2.0f);
  const output want{{one}, element_kind::f32};
  const output got{{next}, element_kind::f32};
  const auto c = compare(got, want, parse_tolerance("ulp=1"));
  CHECK(c.pass);
  CHECK(c.worst_ulp == 1);
  CHECK_FALSE(compare(got, want, parse_tolerance("ulp=0")).pass);
  // Across zero: -0.0 and +0.0 are equal; the smallest subnormals either side are 2 apart.
  const float tiny = std::nextafter(0.0f, 1.0f);
  CHECK(compare(output{{-tiny}, element_kind::f32}, output{{tiny}, element_kind::f32}, parse_tolerance("ulp=2")).pass);
}

TEST_CASE("abs bounds the absolute error; a length mismatch always fails") {
  const output want{{1.0, 2.0}, element_kind::f64};
  CHECK(compare(output{{1.001, 2.0}, element_kind::f64}, want, parse_tolerance("abs=0.01")).pass);
  CHECK_FALSE(compare(output{{1.1, 2.0}, element_kind::f64}, want, parse_tolerance("abs=0.01")).pass);
  const auto c = compare(output{{1.0}, element_kind::f64}, want, parse_tolerance("abs=100"));
  CHECK_FALSE(c.pass);
  CHECK(c.describe() == "output has 1 elements, the reference's has 2");
}

TEST_CASE("NaN equals NaN under exact, and is infinitely far under a bound") {
  const double nan = std::nan("");
  CHECK(compare(output{{nan}, element_kind::f64}, output{{nan}, element_kind::f64}, parse_tolerance("exact")).pass);
  CHECK_FALSE(
      compare(output{{nan}, element_kind::f64}, output{{1.0}, element_kind::f64}, parse_tolerance("abs=1e9")).pass);
}
