// Profiles as tune-profile-export writes them (make_profile, then to_json) validate against
// docs/schemas/tune-profile-1.schema.json, with the sidecar tests' schema checker.
#include <doctest/doctest.h>

#include "profile/export.h"
#include "profile/format.h"
#include "schema_checker.h"
#include "sidecar_document.h"
#include "util/json_file.h"

using nlohmann::json;

namespace {

json schema() {
  return tune::util::read_json_file(std::filesystem::path(TUNE_SCHEMA_DIR) / "tune-profile-1.schema.json");
}

tune::manifest profiled_scope() {
  tune::manifest m;
  m.scope = "s";
  m.version = 3;
  m.build_dir = "/b";
  m.compiler = "GNU 12.2.0";
  m.families = {{"dot", "", "", "u1", {"u1"}, {}, {}}, {"gemm", "", "", "naive", {"naive"}, {}, {}}};
  return m;
}

tune::sidecar::loaded sidecar(const std::string& features) {
  tune::sidecar::loaded l;
  l.path = "/b/p.tune.json";
  l.doc = tune::test::sidecar_document({{"format", "tune-sidecar/1"},
                                        {"kernels", {{"dot", "u4_avx2"}, {"gemm", "reference"}}},
                                        {"race", {{"dot", {{"verdict", "won"}}}, {"gemm", {{"verdict", "holds"}}}}},
                                        {"scopes", {{"s", {{"version", 3}, {"complete", true}}}}},
                                        {"provenance",
                                         {{"box", "linux|x86_64|cpu|sig|6.1"},
                                          {"class", "x86-avx2"},
                                          {"features", features},
                                          {"compiler", "GNU 12.2.0"},
                                          {"noise", "ok"}}}});
  return l;
}

// The profile as written to <DEFAULTS>/<class>.tune-defaults.json.
json written(const std::string& features) {
  const auto p =
      tune::profile::make_profile(profiled_scope(), sidecar(features), {tune::sidecar::verdict::fresh, ""},
                                  "cmake-tune 0.1.0", "", tune::box::cpu_maker{"Arm (implementer 0x41)", "part 0xd40"});
  return json::parse(tune::profile::to_json(p).dump());
}

}  // namespace

TEST_CASE("exported profiles validate against docs/schemas/tune-profile-1.schema.json") {
  CHECK(tune::test::schema_violations(schema(), written("avx2;bmi2;f16c;fma;sse4.2")) == std::vector<std::string>{});
  // A sidecar that recorded no features exports an empty list.
  CHECK(tune::test::schema_violations(schema(), written("")) == std::vector<std::string>{});
}

TEST_CASE("the profile schema rejects what the reader refuses") {
  json doc = written("avx2;fma");
  const json s = schema();
  SUBCASE("another format") {
    doc["format"] = "tune-profile/2";
    CHECK(tune::test::schema_violations(s, doc) == std::vector<std::string>{"/format: 'tune-profile/1' was expected"});
  }
  SUBCASE("a seat that is not a suffix") {
    doc["kernels"]["dot"] = "";
    CHECK(tune::test::schema_violations(s, doc) == std::vector<std::string>{"/kernels/dot: '' is too short"});
  }
  SUBCASE("no class") {
    doc.erase("class");
    CHECK(tune::test::schema_violations(s, doc) == std::vector<std::string>{"/: 'class' is a required property"});
  }
  SUBCASE("a feature list with an empty name") {
    doc["provenance"]["features"] = "avx2;;fma";
    CHECK(tune::test::schema_violations(s, doc).size() == 1);
  }
}
