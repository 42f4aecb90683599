#include <doctest/doctest.h>

#include "schema_checker.h"
#include "sidecar/history.h"
#include "sidecar/store.h"
#include "sidecar_fixture.h"
#include "util/json_file.h"

using namespace tune;
using nlohmann::json;

namespace {

json schema(const std::string& name) { return util::read_json_file(std::filesystem::path(TUNE_SCHEMA_DIR) / name); }

// A sidecar with two scopes, race tables with every recorded field, a rejected row, a family
// adopted from a profile, runtime plans, full provenance and a key the schema does not name.
json written_sidecar(test::sidecar_fixture& f) {
  auto alpha = test::update_for("alpha", f.bench("alpha"), {{"dot", "unroll4_avx2"}, {"gemm", "reference"}});
  alpha.race["dot"] =
      test::race_table("unroll4_avx2", "unroll4_base", 7.2, {{"unroll4_avx2", 812}, {"unroll4_base", 880}});
  alpha.race["dot"]["rows"]["unroll4_avx2"]["impl_hash"] = std::string(64, 'c');
  alpha.race["dot"]["rows"]["unroll8_avx512"] = {{"rejected", "requires avx512f: not on this box"}};
  alpha.race["gemm"] = test::race_table("reference", "reference", nullptr, {{"reference", 5000}});
  // dot's companion won a row of its own; gemm's follows the family (listed in companion_races only).
  alpha.companions = {"dot_layout", "gemm_pack"};
  alpha.companion_kernels = {{"dot_layout", "unroll8_base"}};
  alpha.race["dot"]["companions"] = {{"dot_layout", "unroll8_base"}};
  alpha.race["dot"]["companion_races"]["dot_layout"] =
      test::race_table("unroll8_base", "unroll4_avx2", 210.0, {{"unroll8_base", 300}, {"unroll4_avx2", 930}});
  alpha.race["gemm"]["companions"] = json::object();
  alpha.race["gemm"]["companion_races"]["gemm_pack"] = test::race_table("reference", "reference", nullptr, {});
  alpha.provenance.features = "avx2;bmi2;f16c;fma;sse4.2";
  alpha.provenance.noise_probes = "start 0.8%; end 0.9%";
  alpha.provenance.noise_floor_pct = 0.9;
  alpha.provenance.validation = "ok";
  alpha.provenance.mint_ms = 41230;
  sidecar::upsert(f.sidecar, alpha);
  json doc = util::read_json_file(f.sidecar);
  doc["runtime"]["myapp"] = {{"plan", "threads=2"}};
  doc["a_later_tool"] = {{"note", "kept"}};
  util::write_json_file_atomic(f.sidecar, doc);

  auto beta = test::update_for("beta", f.bench("beta"), {{"scan", "blocked"}, {"vec", "unroll2_base"}});
  beta.race["scan"] = test::race_table("blocked", "serial", 5.0, {{"blocked", 10}, {"serial", 11}});
  beta.race["vec"] = {{"winner", "unroll2_base"}, {"verdict", "adopted"}, {"profile", "x86-base"}};
  sidecar::upsert(f.sidecar, beta);
  return util::read_json_file(f.sidecar);
}

}  // namespace

TEST_CASE("written sidecars validate against docs/schemas/tune-sidecar-1.schema.json") {
  test::sidecar_fixture f;
  const json doc = written_sidecar(f);
  CHECK(test::schema_violations(schema("tune-sidecar-1.schema.json"), doc) == std::vector<std::string>{});
}

TEST_CASE("FAILED stubs validate against docs/schemas/tune-mint-failure-1.schema.json") {
  test::sidecar_fixture f;
  const auto stub =
      sidecar::archive_failure(test::box_a, "alpha", "/b/tune/alpha/bench", "interrupted by TUNE_CONTROL");
  CHECK(test::schema_violations(schema("tune-mint-failure-1.schema.json"), util::read_json_file(stub)) ==
        std::vector<std::string>{});
}

TEST_CASE("the schema rejects what the format forbids") {
  test::sidecar_fixture f;
  json doc = written_sidecar(f);
  const json s = schema("tune-sidecar-1.schema.json");
  SUBCASE("no box") {
    doc["provenance"].erase("box");
    CHECK(test::schema_violations(s, doc) == std::vector<std::string>{"/provenance: 'box' is a required property"});
  }
  SUBCASE("a seat that is not a suffix") {
    doc["kernels"]["dot"] = 4;
    CHECK(test::schema_violations(s, doc) == std::vector<std::string>{"/kernels/dot: 4 is not of type 'string'"});
  }
  SUBCASE("a truncated hash") {
    doc["scopes"]["alpha"]["bench"]["sha256"] = "abc";
    CHECK(test::schema_violations(s, doc) ==
          std::vector<std::string>{"/scopes/alpha/bench/sha256: 'abc' does not match '^[0-9a-f]{64}$'"});
  }
  SUBCASE("an unknown race verdict") {
    doc["race"]["dot"]["verdict"] = "lucky";
    CHECK(test::schema_violations(s, doc) ==
          std::vector<std::string>{"/race/dot/verdict: 'lucky' is not one of "
                                   "['won', 'holds', 'tie', 'demoted', 'rejected', 'budget']"});
  }
  SUBCASE("a companion's race table without its verdict") {
    doc["race"]["dot"]["companion_races"]["dot_layout"].erase("verdict");
    CHECK(test::schema_violations(s, doc) ==
          std::vector<std::string>{"/race/dot/companion_races/dot_layout: 'verdict' is a required property"});
  }
  SUBCASE("an adopted family without the profile it came from") {
    doc["race"]["vec"].erase("profile");
    CHECK(test::schema_violations(s, doc) == std::vector<std::string>{"/race/vec: 'profile' is a required property"});
  }
  SUBCASE("another format") {
    doc["format"] = "tune-sidecar/2";
    CHECK(test::schema_violations(s, doc) == std::vector<std::string>{"/format: 'tune-sidecar/1' was expected"});
  }
}

TEST_CASE("a schema the validator cannot read is an error, never a pass") {
  const json s = {{"type", 5}};
  CHECK_THROWS_AS(test::schema_violations(s, json::object()), std::runtime_error);
}
