#include <doctest/doctest.h>

#include "sidecar/format.h"

using namespace tune;
using nlohmann::json;

namespace {

json valid() {
  json doc = sidecar::empty_document();
  doc["provenance"]["box"] = "linux|x86_64|cpu|sig|6.1";
  return doc;
}

}  // namespace

TEST_CASE("an empty document with a box conforms") {
  CHECK(sidecar::shape_error(valid()) == std::nullopt);
  CHECK(sidecar::tool_name() == "cmake-tune 0.1.0");
}

TEST_CASE("shape_error names the first departure from the format") {
  json doc = valid();
  SUBCASE("not an object") { CHECK(sidecar::shape_error(json::array()) == "it holds an array, expected an object"); }
  SUBCASE("no format") {
    doc.erase("format");
    CHECK(sidecar::shape_error(doc) == "it has no \"format\" section");
  }
  SUBCASE("a missing section") {
    doc.erase("runtime");
    CHECK(sidecar::shape_error(doc) == "it has no \"runtime\" section");
  }
  SUBCASE("a seat that is not a string") {
    doc["kernels"]["dot"] = nullptr;
    CHECK(sidecar::shape_error(doc) == "kernels.dot is null, expected a string");
  }
  SUBCASE("a row median that is not a number") {
    doc["race"]["dot"] = {{"rows", {{"avx2", {{"median_ns", "812"}}}}}};
    CHECK(sidecar::shape_error(doc) == "race.dot.rows.avx2.median_ns is a string, expected a number");
  }
  SUBCASE("a companion's seat that is not a suffix") {
    doc["race"]["dot"] = {{"companions", {{"dot_layout", 4}}}};
    CHECK(sidecar::shape_error(doc) == "race.dot.companions.dot_layout is an integer, expected a string");
  }
  SUBCASE("a companion's race table with a row median that is not a number") {
    doc["race"]["dot"] = {{"companion_races", {{"dot_layout", {{"rows", {{"avx2", {{"median_ns", "812"}}}}}}}}}};
    CHECK(sidecar::shape_error(doc) ==
          "race.dot.companion_races.dot_layout.rows.avx2.median_ns is a string, expected a number");
  }
  SUBCASE("a hardware count that is negative, a reason that is not text") {
    doc["race"]["dot"] = {{"rows", {{"avx2", {{"counters", {{"cycles", -1.0}}}}}}}};
    CHECK(sidecar::shape_error(doc) ==
          "race.dot.rows.avx2.counters.cycles is a number, expected a non-negative number");
    doc["race"]["dot"] = {{"counters_unavailable", {{"cycles", 0}}}};
    CHECK(sidecar::shape_error(doc) == "race.dot.counters_unavailable.cycles is an integer, expected a string");
    doc["race"]["dot"] = {{"counters_unavailable", {{"cycles", "no PMU"}}},
                          {"rows", {{"avx2", {{"counters", {{"instructions", 812.0}}}}}}}};
    CHECK_FALSE(sidecar::shape_error(doc));
  }
  SUBCASE("a row of the same code as a row that is not in the table, or was not raced itself") {
    doc["race"]["dot"] = {{"rows", {{"u1", {{"median_ns", 812.0}}}, {"u2", {{"same_code_as", "u1"}}}}}};
    CHECK_FALSE(sidecar::shape_error(doc));
    doc["race"]["dot"]["rows"]["u2"]["same_code_as"] = "u9";
    CHECK(sidecar::shape_error(doc) ==
          "race.dot.rows.u2.same_code_as names \"u9\", which is not a row of this table that stands for its code");
    doc["race"]["dot"]["rows"]["u2"]["same_code_as"] = "u1";
    doc["race"]["dot"]["rows"]["u1"]["same_code_as"] = "u2";
    CHECK(sidecar::shape_error(doc).value_or("").find("same_code_as") != std::string::npos);
    doc["race"]["dot"]["rows"]["u1"] = {{"median_ns", 812.0}};
    doc["race"]["dot"]["rows"]["u2"]["same_code_as"] = 1;
    CHECK(sidecar::shape_error(doc) == "race.dot.rows.u2.same_code_as is an integer, expected a string");
  }
  SUBCASE("a scope without its bench hash") {
    doc["scopes"]["s"] = {
        {"version", 1}, {"bench", {{"path", "/b"}, {"mtime_ns", 5}}}, {"complete", true}, {"families", json::array()}};
    CHECK(sidecar::shape_error(doc) == "scopes.s.bench has no \"sha256\"");
  }
  SUBCASE("families that are not names") {
    doc["scopes"]["s"] = {{"version", 1},
                          {"bench", {{"path", "/b"}, {"mtime_ns", 5}, {"sha256", "x"}}},
                          {"complete", true},
                          {"families", {"dot", 3}}};
    CHECK(sidecar::shape_error(doc) == "scopes.s.families[] is an integer, expected a string");
  }
  SUBCASE("no box") {
    doc["provenance"].erase("box");
    CHECK(sidecar::shape_error(doc) == "provenance has no \"box\"");
  }
}
