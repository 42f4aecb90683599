// A family's rows as `tune explain`, `tune status` and the report show them (stamp/describe_rows.h):
// ordered by time with their spread, rates as JSON numbers, the rows a GENERATOR proposed read from
// the configure step's record, and a verdict's words while a mint acts on it.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "stamp/describe_rows.h"

using namespace tune;

namespace {

race::race_row timed(double median) {
  race::race_row r;
  r.median_ns = median;
  r.q1_ns = median * 0.95;
  r.q3_ns = median * 1.05;
  return r;
}

std::filesystem::path write_file(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("tune-unit-describe-rows-" + name);
  std::ofstream(path) << text;
  return path;
}

}  // namespace

TEST_CASE("rows are shown fastest first, equal medians by name, untimed rows left to the caller") {
  race::race_table race;
  race.rows["a_slow"] = timed(30);
  race.rows["b_fast"] = timed(10);
  race.rows["c_mid"] = timed(20);
  race.rows["d_tie"] = timed(10);
  race.rows["e_rejected"].rejected = "requires avx512f";
  CHECK(stamp::rows_by_time(race) == std::vector<std::string>{"b_fast", "d_tie", "c_mid", "a_slow"});
}

TEST_CASE("a row's spread is the middle half of its rounds and its share of the median") {
  CHECK(stamp::spread_text(timed(100)) == "95.0–105.0 ns (10.0%)");
  race::race_row no_quartiles;
  no_quartiles.median_ns = 5;
  CHECK(stamp::spread_text(no_quartiles) == "-");
}

TEST_CASE("a rate is a number and a unit in JSON, null without work or a time") {
  const race::work_record work{2e6, "flop"};
  const auto rate = stamp::rate_json(work, 225733.0);
  REQUIRE(rate.is_object());
  CHECK(rate["value"].is_number());
  CHECK(rate["value"].get<double>() == doctest::Approx(8.86).epsilon(0.001));
  CHECK(rate["unit"] == "GFLOP/s");
  CHECK(stamp::rate_json(std::nullopt, 100.0).is_null());
  CHECK(stamp::rate_json(work, std::nullopt).is_null());
}

TEST_CASE("the rows a GENERATOR proposed are read from its record beside the sidecar") {
  family_decl family;
  family.name = "count@big";  // a seat of a family with SHAPES shares the family's generator
  CHECK(stamp::generate_meta_path("/b/tune/e2e.tune.json", family) == "/b/tune/count_generate_meta.json");
  const auto meta = write_file("meta.json", R"({"format": "tune-generate-meta/1", "family": "count", "proposals": [
    {"proposal": {}, "basis": "unroll 8 fits the 32 KiB L1", "outcome": "accepted", "suffix": "gen_u8", "race": null},
    {"proposal": {}, "basis": "same as u4", "outcome": "duplicate", "duplicate_of": "u4"},
    {"proposal": {}, "basis": "too wide", "outcome": "refused", "reason": "EXCLUDE matches it"}]})");
  const auto rows = stamp::read_generated_rows(meta);
  REQUIRE(rows);
  CHECK(rows->basis == std::map<std::string, std::string>{{"gen_u8", "unroll 8 fits the 32 KiB L1"}});
  const nlohmann::json j = *rows;
  CHECK(j["rows"]["gen_u8"] == "unroll 8 fits the 32 KiB L1");
  CHECK(j["meta"] == meta.string());
  // No record: a family without a GENERATOR.
  CHECK_FALSE(stamp::read_generated_rows(meta.parent_path() / "tune-unit-describe-rows-none.json"));
  // A record of another format names the file and how to rewrite it.
  const auto bad = write_file("bad.json", R"({"format": "tune-sidecar/1"})");
  CHECK_THROWS_WITH(stamp::read_generated_rows(bad),
                    doctest::Contains((bad.string() + ": not a tune-generate-meta/1 record").c_str()));
  CHECK_THROWS_WITH(stamp::read_generated_rows(bad), doctest::Contains("configure the project again"));
  std::filesystem::remove(meta);
  std::filesystem::remove(bad);
}

TEST_CASE("while tuning, a verdict is said without its advice to build the tune target") {
  CHECK(stamp::verdict_without_advice("absent: no sidecar at \"/b/s.json\": scope \"e2e\" has not been tuned in this "
                                      "build tree; build the \"tune-e2e\" target to measure it.") ==
        "absent: no sidecar at \"/b/s.json\": scope \"e2e\" has not been tuned in this build tree.");
  CHECK(stamp::verdict_without_advice("stale: x; its winners do not apply; build the \"tune-e2e\" target to "
                                      "re-measure.") == "stale: x; its winners do not apply.");
  CHECK(stamp::verdict_without_advice("fresh: all good.") == "fresh: all good.");
}
