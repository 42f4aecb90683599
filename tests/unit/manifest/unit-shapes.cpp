// A family with SHAPES is loaded as one seat per shape (manifest/manifest.h), and a manifest whose
// shapes the stamp could not turn into a dispatcher is refused, naming the family.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "manifest/manifest.h"
#include "test_files.h"

namespace {

// A manifest of one family "dot" with the given `shapes` member (JSON text) and one companion,
// and a family "plain" with `plain_members` ("threads": ..., each followed by a comma).
std::string manifest_text(const std::string& shapes, const std::string& plain_members = "") {
  return R"json({"format": "tune-manifest/1", "project": "p", "scope": "s", "version": 1, "budget_s": null,
    "namespace": "", "sidecar": "/b/s.tune.json", "bench": "/b/bench", "build_dir": "/b", "state_dir": "/b/tune/s",
    "stamp_dir": "/b/include/tune/kernels", "defaults": "", "policy": "", "optimized": true, "release": false,
    "quick": false, "debug": false, "target_class": "", "compiler": "GNU 12.2.0", "compiler_flags": "",
    "families": [
      {"name": "dot", "signature": "float(const float* a, std::size_t n)", "tolerance": "exact", "timeout_s": null,
       "reference": "u1", "fallback": ["u1"], "sources": [], "shapes": )json" +
         shapes + R"json(, "companions": [{"name": "dot_strided", "signature": "float(const float* a, std::size_t n)"}],
       "rows": [{"suffix": "u1", "axes": "U=1", "requires": "", "flags": [], "defines": []},
                {"suffix": "u8", "axes": "U=8", "requires": "", "flags": [], "defines": []}]},
      {"name": "plain", "signature": "int(int x)", "tolerance": "exact", "timeout_s": null, )json" +
         plain_members + R"json(
       "reference": "a", "fallback": ["a"], "sources": [], "companions": [],
       "rows": [{"suffix": "a", "axes": "A=a", "requires": "", "flags": [], "defines": []}]}]})json";
}

tune::manifest load(const std::string& shapes, const std::string& plain_members = "") {
  tune::test::temp_dir dir;
  tune::test::write_text(dir / "manifest.json", manifest_text(shapes, plain_members));
  return tune::load_manifest(dir / "manifest.json");
}

}  // namespace

TEST_CASE("each shape is a seat <family>@<shape>, in order, with the family's rows") {
  const auto m = load(R"([{"name": "small", "condition": "n <= 1024"}, {"name": "large", "condition": ""}])");
  REQUIRE(m.families.size() == 3);
  CHECK(m.family_names() == std::vector<std::string>{"dot@small", "dot@large", "plain"});
  const auto& small = m.families[0];
  CHECK(small.function() == "dot");
  CHECK(small.shape() == "small");
  CHECK(small.condition == "n <= 1024");
  CHECK(small.rows.size() == 2);
  CHECK(m.families[1].condition.empty());
  CHECK(m.family("dot") == nullptr);
  REQUIRE(m.family("dot@large") != nullptr);
  // A companion's own sidecar entry is keyed by the shape too, so the seats do not share it.
  CHECK(small.companion_key(small.companions.at(0)) == "dot_strided@small");
  const auto& plain = m.families[2];
  CHECK(plain.function() == "plain");
  CHECK(plain.shape().empty());
}

TEST_CASE("a family without shapes, or with an empty list, is one seat named after it") {
  const auto m = load("[]");
  CHECK(m.family_names() == std::vector<std::string>{"dot", "plain"});
  CHECK(m.families[0].function() == "dot");
  CHECK(m.families[0].companion_key(m.families[0].companions.at(0)) == "dot_strided");
}

TEST_CASE("a family's THREADS is read as a number, `all` as 0, and 1 when the manifest has none") {
  CHECK(load("[]").family("plain")->threads == 1);
  CHECK(load("[]", R"("threads": 2,)").family("plain")->threads == 2);
  CHECK(load("[]", R"("threads": "all",)").family("plain")->threads == 0);
  CHECK_THROWS_AS(load("[]", R"("threads": 0,)"), std::runtime_error);
  CHECK_THROWS_AS(load("[]", R"("threads": "some",)"), std::runtime_error);
}

TEST_CASE("shapes the stamp could not dispatch on are refused, naming the family and the shape") {
  const auto refused = [](const std::string& shapes) {
    try {
      load(shapes);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("(loaded)");
  };
  CHECK(refused(R"([{"name": "all", "condition": ""}])").find("family dot: SHAPES has one shape") != std::string::npos);
  CHECK(refused(R"([{"name": "a", "condition": "n < 2"}, {"name": "a", "condition": ""}])")
            .find("family dot: shape a is named twice") != std::string::npos);
  CHECK(refused(R"([{"name": "a b", "condition": "n < 2"}, {"name": "c", "condition": ""}])")
            .find("shape name 'a b' is not a C identifier") != std::string::npos);
  CHECK(refused(R"([{"name": "a", "condition": ""}, {"name": "b", "condition": "n < 2"}])")
            .find("shape a has no condition, and only the last shape may go without one") != std::string::npos);
  for (const char* condition : {"n < 2; }", "n < 2 } int f() {", "n // 2", "n /* 2 */", "n\\n< 2", "#define"})
    CHECK(
        refused(std::string(R"([{"name": "a", "condition": ")") + condition + R"("}, {"name": "b", "condition": ""}])")
            .find("the condition of shape a is not one C++ expression") != std::string::npos);
  CHECK(refused(R"([{"name": "a", "condition": 3}, {"name": "b", "condition": ""}])").find("is malformed") !=
        std::string::npos);
}
