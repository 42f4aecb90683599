// What a family's GENERATOR is told of its last race (mint/generator_trigger.h): the sidecar's
// table only at this scope's VERSION and this compiler, with the box it was measured on; written
// only when it changed, so an unchanged quote does not configure the tree again.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <filesystem>
#include <iterator>

#include "mint/generator_trigger.h"
#include "sidecar_document.h"
#include "test_files.h"

using namespace tune;

namespace {

manifest scope_with_generator(const std::filesystem::path& trigger) {
  manifest m;
  m.scope = "gen";
  m.version = 3;
  m.compiler = "GNU 12.2.0";
  family_decl f;
  f.name = "passes";
  f.generator_trigger = trigger;
  m.families.push_back(f);
  family_decl plain;
  plain.name = "dot";
  m.families.push_back(plain);
  return m;
}

nlohmann::json sidecar_json(int version = 3, const std::string& compiler = "GNU 12.2.0") {
  return {{"kernels", {{"passes", "p1"}}},
          {"race", {{"passes", {{"winner", "p1"}, {"verdict", "won"}, {"compiler", compiler}}}}},
          {"scopes", {{"gen", {{"version", version}, {"families", {"passes"}}}}}},
          {"provenance", {{"box", "b"}, {"class", "x86-avx2"}, {"features", "avx2;fma;"}}}};
}

}  // namespace

TEST_CASE("the trigger quotes the race table of this VERSION and compiler, with its box") {
  const auto m = scope_with_generator("/unused");
  const auto doc = test::sidecar_document(sidecar_json());
  const auto quote = mint::generator_trigger(m, m.families[0], &doc);
  CHECK(quote["format"] == "tune-generate-trigger/1");
  CHECK(quote["race"]["winner"] == "p1");
  CHECK(quote["race"] == nlohmann::json(*doc.race_of("passes")));
  CHECK(quote["box"] == nlohmann::json{{"class", "x86-avx2"}, {"features", {"avx2", "fma"}}});

  CHECK(quote["version"] == 3);
  CHECK(quote["compiler"] == "GNU 12.2.0");

  const nlohmann::json nothing = {{"format", "tune-generate-trigger/1"},
                                  {"version", nullptr},
                                  {"compiler", nullptr},
                                  {"race", nullptr},
                                  {"box", nullptr}};
  CHECK(mint::generator_trigger(m, m.families[0], nullptr) == nothing);
  const auto other_version = test::sidecar_document(sidecar_json(2));
  CHECK(mint::generator_trigger(m, m.families[0], &other_version) == nothing);
  const auto other_compiler = test::sidecar_document(sidecar_json(3, "Clang 14.0.6"));
  CHECK(mint::generator_trigger(m, m.families[0], &other_compiler) == nothing);
  auto no_class = sidecar_json();
  no_class["provenance"].erase("class");
  const auto unplaced = test::sidecar_document(no_class);
  CHECK(mint::generator_trigger(m, m.families[0], &unplaced) == nothing);
  auto no_table = sidecar_json();
  no_table["race"].erase("passes");
  const auto unraced = test::sidecar_document(no_table);
  CHECK(mint::generator_trigger(m, m.families[0], &unraced) == nothing);
  // A table with no compiler recorded is quoted, as the configure step always did.
  auto any_compiler = sidecar_json();
  any_compiler["race"]["passes"].erase("compiler");
  const auto unknown = test::sidecar_document(any_compiler);
  CHECK(mint::generator_trigger(m, m.families[0], &unknown)["race"]["winner"] == "p1");
}

TEST_CASE("a trigger is written only when its quote changes, and only for a family with a GENERATOR") {
  test::temp_dir dir;
  const auto trigger = dir / "passes.race.json";
  const auto m = scope_with_generator(trigger);
  sidecar::loaded file;
  file.path = dir / "gen.tune.json";
  file.absent = true;

  // The configure step's first trigger, in its own layout: the same quote, so it is left alone.
  const std::string first =
      "{\"format\": \"tune-generate-trigger/1\", \"version\": null, \"compiler\": null, \"race\": null, "
      "\"box\": null}\n";
  test::write_text(trigger, first);
  test::set_mtime_ns(trigger, 1'000'000'000);
  mint::write_generator_triggers(m, file);
  struct stat st {};
  REQUIRE(::stat(trigger.c_str(), &st) == 0);
  CHECK(st.st_mtim.tv_sec == 1);
  CHECK(test::read_text(trigger) == first);

  file.absent = false;
  file.doc = test::sidecar_document(sidecar_json());
  mint::write_generator_triggers(m, file);
  const auto written = nlohmann::json::parse(test::read_text(trigger));
  CHECK(written == mint::generator_trigger(m, m.families[0], &*file.doc));
  // dot has no GENERATOR: nothing but passes's trigger is written.
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path()), std::filesystem::directory_iterator()) == 1);

  // A trigger that does not parse, or nests past the reader's bound, is replaced.
  for (const std::string& bad : {std::string("{"), std::string(100000, '[')}) {
    test::write_text(trigger, bad);
    mint::write_generator_triggers(m, file);
    CHECK(nlohmann::json::parse(test::read_text(trigger)) == written);
  }
}

TEST_CASE("a trigger that cannot be written names the family, the file and the sidecar") {
  test::temp_dir dir;
  // A file where the trigger's folder should be.
  test::write_text(dir / "generate", "");
  const auto m = scope_with_generator(dir / "generate" / "passes.race.json");
  sidecar::loaded file;
  file.path = dir / "gen.tune.json";
  file.doc = test::sidecar_document(sidecar_json());
  try {
    mint::write_generator_triggers(m, file);
    FAIL("no error");
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    CHECK(what.find("family passes's generator trigger") != std::string::npos);
    CHECK(what.find("generate/passes.race.json") != std::string::npos);
    CHECK(what.find("gen.tune.json") != std::string::npos);
  }
}
