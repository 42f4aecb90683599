// tune-profile/1: reading, writing, and the ladder a box reads profiles along.
#include <doctest/doctest.h>

#include <filesystem>

#include "profile/format.h"
#include "profile/ladder.h"
#include "test_files.h"

namespace fs = std::filesystem;
using tune::profile::from_json;

namespace {
using tune::test::temp_dir;
using tune::test::write_text;
const char* avx2_profile_text =
    R"({"format": "tune-profile/1", "scope": "s", "class": "x86-avx2", "version": 3,
        "kernels": {"dot": "u4_avx2"}, "provenance": {"features": "avx2;bmi2;f16c;fma", "noise": "ok"}})";
}  // namespace

TEST_CASE("a profile round-trips with its fields in the documented order") {
  const auto p = from_json(nlohmann::json::parse(avx2_profile_text), "/p/x86-avx2.tune-defaults.json");
  CHECK(p.scope == "s");
  CHECK(p.cls == "x86-avx2");
  CHECK(p.version == 3);
  CHECK(p.kernels.at("dot") == "u4_avx2");
  CHECK(p.features == tune::box::feature_set{"avx2", "bmi2", "f16c", "fma"});
  CHECK(tune::profile::to_json(p).dump() ==
        R"({"format":"tune-profile/1","scope":"s","class":"x86-avx2","version":3,"kernels":{"dot":"u4_avx2"},)"
        R"("provenance":{"features":"avx2;bmi2;f16c;fma","noise":"ok"}})");
}

TEST_CASE("a profile's threads and cpus round-trip, `all` as a word") {
  auto doc = nlohmann::json::parse(avx2_profile_text);
  doc["threads"] = {{"dot", "all"}, {"gemm", 2}};
  doc["cpus"] = {{"dot", 16}};
  const auto p = from_json(doc, "/p/x86-avx2.tune-defaults.json");
  CHECK(p.threads == std::map<std::string, int>{{"dot", 0}, {"gemm", 2}});
  CHECK(p.cpus == std::map<std::string, int>{{"dot", 16}});
  CHECK(tune::profile::to_json(p).dump().find(R"("kernels":{"dot":"u4_avx2"},"threads":{"dot":"all","gemm":2},)"
                                              R"("cpus":{"dot":16},"provenance")") != std::string::npos);
  doc["threads"]["dot"] = "many";
  CHECK_THROWS_WITH_AS(from_json(doc, "/p/x.json"),
                       "profile /p/x.json: at threads.dot: expected a number of threads or \"all\", found a string "
                       "\"many\"; re-export it with `cmake --build <build> --target tune-profile-export` or fix it "
                       "by hand",
                       std::runtime_error);
  doc["threads"]["dot"] = 0;
  CHECK_THROWS_AS(from_json(doc, "/p/x.json"), std::runtime_error);
}

TEST_CASE("a malformed profile names the file and the member") {
  auto doc = nlohmann::json::parse(avx2_profile_text);
  doc["kernels"]["dot"] = 4;
  CHECK_THROWS_WITH_AS(from_json(doc, "/p/x.json"),
                       "profile /p/x.json: at kernels.dot: expected a string, found the number 4; re-export it with "
                       "`cmake --build <build> --target tune-profile-export` or fix it by hand",
                       std::runtime_error);
  doc = nlohmann::json::parse(avx2_profile_text);
  doc["format"] = "tune-sidecar/1";
  CHECK_THROWS_WITH_AS(
      from_json(doc, "/p/x.json"),
      "profile /p/x.json: at format: expected \"tune-profile/1\", found a string \"tune-sidecar/1\"; re-export it "
      "with `cmake --build <build> --target tune-profile-export` or fix it by hand",
      std::runtime_error);
  doc = nlohmann::json::parse(avx2_profile_text);
  doc.erase("version");
  CHECK_THROWS_WITH_AS(from_json(doc, "/p/x.json"),
                       "profile /p/x.json: at version: expected a value, found nothing (the member is missing); "
                       "re-export it with `cmake --build "
                       "<build> --target tune-profile-export` or fix it by hand",
                       std::runtime_error);
}

TEST_CASE("a hostile profile file is an error naming the file and the path, never a crash") {
  temp_dir dir;
  const auto file = dir / "x86-avx2.tune-defaults.json";
  const auto error_of = [&](const std::string& text) {
    write_text(file, text);
    try {
      tune::profile::read_profile(file);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("(read)");
  };
  const std::string head =
      R"({"format": "tune-profile/1", "scope": "s", "class": "x86-avx2", "kernels": {}, "version": )";
  // Nesting under version crashed the stamp step once (issue 14).
  const auto deep = error_of(head + std::string(100000, '[') + std::string(100000, ']') + "}");
  CHECK(deep.find("profile " + file.string() + ": at version[0]") == 0);
  CHECK(deep.find("expected at most 64 levels of nested objects and arrays") != std::string::npos);
  CHECK(error_of(head + "1e400}")
            .find("at version: expected a number within the range of a double, found the number "
                  "1e400") != std::string::npos);
  CHECK(error_of(head + "4294967296}")
            .find("at version: expected an integer from 0 to 2147483647, found the number "
                  "4294967296") != std::string::npos);
  CHECK(error_of(head + "\"3\"}").find("at version: expected an integer from 0 to 2147483647, found a string \"3\"") !=
        std::string::npos);
  const auto bytes = error_of(head + "3, \"provenance\": {\"noise\": \"ok\xfe\"}}");
  CHECK(bytes.find("at provenance.noise: expected UTF-8 text in a string") != std::string::npos);
  CHECK(bytes.find('\xfe') == std::string::npos);
  for (const auto& e : {deep, bytes}) CHECK(e.find("json.exception") == std::string::npos);
}

TEST_CASE("the ladder keeps profiles of this scope and VERSION, in ladder order, and notes the rest") {
  temp_dir dir;
  write_text(dir / "x86-avx2.tune-defaults.json", avx2_profile_text);
  write_text(dir / "x86-base.tune-defaults.json",
             R"({"format": "tune-profile/1", "scope": "s", "class": "x86-base", "version": 2, "kernels": {}})");
  const auto got = tune::profile::load_ladder(dir.path(), {"x86-avx512", "x86-avx2", "x86-base"}, "s", 3);
  REQUIRE(got.usable.size() == 1);
  CHECK(got.usable[0].cls == "x86-avx2");
  CHECK(got.files_read.size() == 2);
  REQUIRE(got.notes.size() == 2);
  CHECK(got.notes[0] ==
        "profile x86-avx512: none (" + (dir / "x86-avx512.tune-defaults.json").string() + " does not exist)");
  CHECK(got.notes[1] == "profile x86-base: " + (dir / "x86-base.tune-defaults.json").string() +
                            " was minted for VERSION 2, scope s is VERSION 3");
  // Every rung, in ladder order, with its file.
  REQUIRE(got.rungs.size() == 3);
  CHECK(got.rungs[0].cls == "x86-avx512");
  CHECK_FALSE(got.rungs[0].usable.has_value());
  CHECK(got.rungs[1].cls == "x86-avx2");
  CHECK(got.rungs[1].usable == std::size_t{0});
  CHECK(got.rungs[1].file == dir / "x86-avx2.tune-defaults.json");
  CHECK(got.rungs[2].note == got.notes[1]);
  const auto other_scope = tune::profile::load_ladder(dir.path(), {"x86-avx2"}, "t", 3);
  CHECK(other_scope.usable.empty());
  CHECK(other_scope.notes[0] ==
        "profile x86-avx2: " + (dir / "x86-avx2.tune-defaults.json").string() + " holds scope s, not t");
}

TEST_CASE("a profile filed under another class's name is an error, not a silent skip") {
  temp_dir dir;
  write_text(dir / "x86-base.tune-defaults.json", avx2_profile_text);
  const auto file = (dir / "x86-base.tune-defaults.json").string();
  CHECK_THROWS_WITH_AS(tune::profile::load_ladder(dir.path(), {"x86-base"}, "s", 3),
                       ("profile " + file + ": its class is x86-avx2 but its name says x86-base; rename the file to " +
                        (dir / "x86-avx2.tune-defaults.json").string() + " or re-export it")
                           .c_str(),
                       std::runtime_error);
}

TEST_CASE("a scope without DEFAULTS reads no profile") {
  const auto got = tune::profile::load_ladder("", {"x86-avx2"}, "s", 1);
  CHECK(got.usable.empty());
  CHECK(got.notes == std::vector<std::string>{"profiles: scope s names no DEFAULTS folder"});
}
