// tune profile merge and check: profiles minted on a fleet of runners, placed per class; a
// conflicting seat refused naming the class and the families; a committed folder checked against
// its scope.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "profile/export.h"
#include "profile/merge.h"
#include "test_files.h"

using tune::profile::merge;
using tune::profile::merge_options;
using tune::profile::merge_refused;

namespace {

// A tune-profile/1 file of scope s VERSION 3 with these seats, as `tune profile export` writes it.
std::filesystem::path write_profile(const std::filesystem::path& file, const std::string& cls,
                                    const std::string& features, const std::string& dot_seat,
                                    const std::string& scope = "s") {
  std::ofstream(file) << R"({"format": "tune-profile/1", "scope": ")" << scope << R"(", "class": ")" << cls
                      << R"(", "version": 3, "kernels": {"dot": ")" << dot_seat
                      << R"(", "gemm": "naive"}, "provenance": {"features": ")" << features << R"("}})";
  return file;
}

const char* avx2_features = "avx;avx2;bmi2;f16c;fma;sse4.2";
const char* base_features = "sse4.2";

std::string merge_refusal(const std::vector<std::filesystem::path>& inputs, const merge_options& options) {
  try {
    merge(inputs, options);
  } catch (const merge_refused& e) {
    return e.what();
  }
  FAIL("merge did not refuse");
  return {};
}

tune::manifest scope_manifest(const std::filesystem::path& defaults) {
  tune::manifest m;
  m.scope = "s";
  m.version = 3;
  m.defaults = defaults;
  tune::family_decl dot;
  dot.name = "dot";
  dot.reference = "u1_base";
  dot.rows = {{"u1_base", "UNROLL=1,ISA=base", ""}, {"u4_avx2", "UNROLL=4,ISA=avx2", "avx2,fma,bmi2,f16c"}};
  tune::family_decl gemm;
  gemm.name = "gemm";
  gemm.reference = "naive";
  gemm.rows = {{"naive", "", ""}};
  m.families = {dot, gemm};
  return m;
}

}  // namespace

TEST_CASE("two runners' profiles of different classes are merged into one folder, one file per class") {
  tune::test::temp_dir runners, into;
  const auto avx2 = write_profile(runners.path() / "a.json", "x86-avx2", avx2_features, "u4_avx2");
  const auto base = write_profile(runners.path() / "b.json", "x86-base", base_features, "u1_base");
  const auto lines = merge({avx2, base}, {into.path()});
  REQUIRE(lines.size() == 2);
  CHECK(std::filesystem::exists(into.path() / "x86-avx2.tune-defaults.json"));
  CHECK(std::filesystem::exists(into.path() / "x86-base.tune-defaults.json"));
  CHECK(lines[0].find("x86-avx2: added as") == 0);
  // The same profiles again change nothing.
  const auto again = merge({avx2, base}, {into.path()});
  CHECK(again[0].find("unchanged") != std::string::npos);
  // And the merged folder is sound for the scope.
  CHECK(tune::profile::check(scope_manifest(into.path())).empty());
}

TEST_CASE("a third profile of a class already there with another seat is refused, naming class and family") {
  tune::test::temp_dir runners, into;
  merge({write_profile(runners.path() / "a.json", "x86-avx2", avx2_features, "u4_avx2")}, {into.path()});
  const auto other = write_profile(runners.path() / "c.json", "x86-avx2", avx2_features, "u1_base");
  const auto why = merge_refusal({other}, {into.path()});
  CHECK(why.find("class x86-avx2") != std::string::npos);
  CHECK(why.find("seats dot differently") != std::string::npos);
  CHECK(why.find("--replace") != std::string::npos);
  // The committed seat is untouched; --replace lets the new profile win.
  CHECK(tune::profile::read_profile(into.path() / "x86-avx2.tune-defaults.json").kernels.at("dot") == "u4_avx2");
  const auto lines = merge({other}, {into.path(), true});
  CHECK(lines[0].find("replaced") != std::string::npos);
  CHECK(tune::profile::read_profile(into.path() / "x86-avx2.tune-defaults.json").kernels.at("dot") == "u1_base");
}

TEST_CASE("one seat raced under other thread pools is another seat") {
  tune::test::temp_dir runners, into;
  merge({write_profile(runners.path() / "a.json", "x86-avx2", avx2_features, "u4_avx2")}, {into.path()});
  const auto other = runners.path() / "c.json";
  auto p = tune::profile::read_profile(write_profile(other, "x86-avx2", avx2_features, "u4_avx2"));
  p.threads = {{"dot", 0}};
  p.cpus = {{"dot", 16}};
  tune::profile::write_profile(p, other);
  CHECK(merge_refusal({other}, {into.path()}).find("seats dot differently") != std::string::npos);
}

TEST_CASE("two given profiles of one class with different seats are refused and nothing is written") {
  tune::test::temp_dir runners, into;
  const auto a = write_profile(runners.path() / "a.json", "x86-avx2", avx2_features, "u4_avx2");
  const auto b = write_profile(runners.path() / "b.json", "x86-avx2", avx2_features, "u1_base");
  const auto base = write_profile(runners.path() / "c.json", "x86-base", base_features, "u1_base");
  const auto why = merge_refusal({base, a, b}, {into.path(), true});
  CHECK(why.find("both of class x86-avx2") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(into.path() / "x86-base.tune-defaults.json"));
}

TEST_CASE("a class its recorded features contradict is refused") {
  tune::test::temp_dir runners, into;
  const auto lying = write_profile(runners.path() / "a.json", "x86-avx2", base_features, "u4_avx2");
  const auto why = merge_refusal({lying}, {into.path()});
  CHECK(why.find("says class x86-avx2, but the features it records") != std::string::npos);
  CHECK(why.find("place a box in x86-base") != std::string::npos);
}

TEST_CASE("with a manifest, a profile of another scope or version is refused") {
  tune::test::temp_dir runners, into;
  const auto m = scope_manifest(into.path());
  const auto other = write_profile(runners.path() / "a.json", "x86-avx2", avx2_features, "u4_avx2", "t");
  CHECK(merge_refusal({other}, {into.path(), false, &m}).find("is of scope t, not s") != std::string::npos);
}

TEST_CASE("check names a seat of no family, of no row, and a row its class cannot run") {
  tune::test::temp_dir defaults;
  std::ofstream(defaults.path() / "x86-base.tune-defaults.json")
      << R"({"format": "tune-profile/1", "scope": "s", "class": "x86-base", "version": 3,
            "kernels": {"dot": "u4_avx2", "gemm": "tiled", "fft": "radix4"},
            "provenance": {"features": "sse4.2"}})";
  write_profile(defaults.path() / "x86-avx2.tune-defaults.json", "x86-avx2", avx2_features, "u4_avx2");
  std::ofstream(defaults.path() / "x86-avx512.tune-defaults.json")
      << R"({"format": "tune-profile/1", "scope": "s", "class": "x86-avx512", "version": 2, "kernels": {}})";
  const auto problems = tune::profile::check(scope_manifest(defaults.path()));
  REQUIRE(problems.size() == 4);
  const auto has = [&](const std::string& text) {
    for (const auto& p : problems)
      if (p.find(text) != std::string::npos) return true;
    return false;
  };
  CHECK(has("was minted for VERSION 2 of scope s"));
  CHECK(has("kernels.dot is u4_avx2, which class x86-base cannot run"));
  CHECK(has("kernels.gemm is tiled, which is no row of the family"));
  CHECK(has("kernels.fft names no family of scope s"));
}

TEST_CASE("check names a seat raced under other THREADS than the family declares") {
  tune::test::temp_dir defaults;
  std::ofstream(defaults.path() / "x86-avx2.tune-defaults.json")
      << R"({"format": "tune-profile/1", "scope": "s", "class": "x86-avx2", "version": 3,
            "kernels": {"dot": "u4_avx2", "gemm": "naive"}, "threads": {"dot": 2, "gemm": "all"},
            "cpus": {"gemm": 16}, "provenance": {"features": "avx;avx2;bmi2;f16c;fma;sse4.2"}})";
  auto m = scope_manifest(defaults.path());
  m.families[1].threads = 0;
  const auto problems = tune::profile::check(m);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].find("x86-avx2.tune-defaults.json: threads.dot is 2, but the family declares THREADS 1; re-mint "
                         "and re-export it") != std::string::npos);
}
