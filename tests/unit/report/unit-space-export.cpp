// A family's race as a landscape and as T4 results (report/space_export.h): raced rows with their
// times, rows of the same code with theirs, rejected rows failed, rows never raced left out.
#include <doctest/doctest.h>

#include <stdexcept>

#include "report/space_export.h"

namespace {

tune::row_decl row(const std::string& suffix, const std::string& axes) {
  tune::row_decl r;
  r.suffix = suffix;
  r.axes = axes;
  return r;
}

tune::race::race_row timed(double median, double q1, double q3) {
  tune::race::race_row r;
  r.median_ns = median;
  r.q1_ns = q1;
  r.q3_ns = q3;
  r.rounds = 10;
  return r;
}

// A grid of UNROLL 1 2 4 x ISA base avx2: unroll4_avx2 did not compile, unroll2_avx2 failed the
// gate, unroll2_base is unroll1_base's code, unroll1_avx2 was not raced (this box lacks AVX2).
struct raced {
  tune::family_decl family;
  tune::race::race_table race;
  raced() {
    family.name = "dot";
    family.constraints = {"UNROLL <= 4"};
    for (const char* u : {"1", "2", "4"})
      for (const char* isa : {"base", "avx2"})
        family.rows.push_back(row(std::string("unroll") + u + "_" + isa, std::string("UNROLL=") + u + ",ISA=" + isa));
    family.rows[5].left_out = "compile: error: ...";
    race.rows["unroll1_base"] = timed(100, 95, 105);
    race.rows["unroll2_base"].same_code_as = "unroll1_base";
    race.rows["unroll4_base"] = timed(50, 49, 51);
    race.rows["unroll2_avx2"].rejected = "wrong result";
    race.rows["unroll2_avx2"].last_fail_reason = tune::race::row_failure{"mismatch", "element 3", ""};
  }
};

}  // namespace

TEST_CASE("a race is a landscape of the rows it raced") {
  const raced r;
  const auto l = tune::report::landscape_of(r.family, r.race);
  REQUIRE(l.axes.size() == 2);
  CHECK(l.axes[0] == std::pair<std::string, std::vector<std::string>>{"UNROLL", {"1", "2", "4"}});
  CHECK(l.axes[1].second == std::vector<std::string>{"base", "avx2"});
  CHECK(l.constraints == std::vector<std::string>{"UNROLL <= 4"});
  REQUIRE(l.points.size() == 5);  // unroll1_avx2, never raced, is not in it
  CHECK(*l.points[0].cost == 100);
  CHECK(*l.points[1].cost == 100);  // unroll2_base: the same code as unroll1_base
  CHECK_FALSE(l.points[2].cost);    // unroll2_avx2: failed the gate
  CHECK(*l.points[3].cost == 50);
  CHECK_FALSE(l.points[4].cost);  // unroll4_avx2: left out of the build
  // The median of the timed rows' spreads, (10 / 1.349) / 100 and (2 / 1.349) / 50, in percent.
  CHECK(l.noise_cv_pct == doctest::Approx((7.41 + 2.97) / 2).epsilon(0.01));
}

TEST_CASE("a race is T4 results, each row valid or why not") {
  const raced r;
  const auto t4 = tune::report::t4_of(r.family, r.race, "2026-12-07T05:00:00Z");
  CHECK(t4["schema_version"] == "1.0.0");
  const auto& results = t4["results"];
  REQUIRE(results.size() == 5);
  CHECK(results[0]["configuration"]["UNROLL"] == "1");
  CHECK(results[0]["invalidity"] == "correct");
  CHECK(results[0]["measurements"][0]["value"] == doctest::Approx(100e-6));
  CHECK(results[0]["measurements"][0]["unit"] == "ms");
  CHECK(results[2]["invalidity"] == "correctness");
  CHECK(results[2]["correctness"] == 0);
  CHECK(results[4]["invalidity"] == "compile");
  CHECK(results[4]["timestamp"] == "2026-12-07T05:00:00Z");
}

TEST_CASE("a family without axes or without a timed row is refused") {
  raced r;
  for (auto& row : r.family.rows) row.axes.clear();
  CHECK_THROWS_WITH_AS(tune::report::landscape_of(r.family, r.race), doctest::Contains("family dot has no axes"),
                       std::runtime_error);
  raced untimed;
  untimed.race.rows.erase("unroll1_base");
  untimed.race.rows.erase("unroll4_base");
  CHECK_THROWS_WITH_AS(tune::report::landscape_of(untimed.family, untimed.race),
                       "family dot: no row of its last race was timed", std::runtime_error);
}
