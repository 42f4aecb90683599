#include <doctest/doctest.h>

#include "sidecar/history.h"
#include "sidecar/store.h"
#include "sidecar_fixture.h"
#include "util/json_file.h"

using namespace tune;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// 2026-11-29T18:00:00Z plus a few milliseconds.
std::chrono::system_clock::time_point at_ms(int ms) {
  return std::chrono::system_clock::time_point(std::chrono::seconds(1795975200)) + std::chrono::milliseconds(ms);
}

const std::string folder = "linux_x86_64_AMD_EPYC_7B13_family_25_model_1_stepping_1_6.1";

}  // namespace

TEST_CASE("a box identity becomes one safe folder name") {
  CHECK(sidecar::history_folder_name(test::box_a) == folder);
  CHECK(sidecar::history_folder_name("a/b\\c:d*e..f-g_h") == "a_b_c_d_e..f-g_h");
  CHECK_THROWS_WITH_AS(sidecar::history_folder_name(""), "a box identity is needed to name its history folder",
                       std::invalid_argument);
}

TEST_CASE("history_dir: TUNE_HISTORY, else XDG_STATE_HOME when absolute, else HOME") {
  test::temp_dir dir;
  test::env_override home("HOME", (dir / "home").string());
  SUBCASE("TUNE_HISTORY wins") {
    test::env_override history("TUNE_HISTORY", (dir / "h").string());
    test::env_override state("XDG_STATE_HOME", (dir / "state").string());
    CHECK(sidecar::history_dir(test::box_a) == dir / "h" / folder);
  }
  SUBCASE("XDG_STATE_HOME") {
    test::env_override history("TUNE_HISTORY", std::nullopt);
    test::env_override state("XDG_STATE_HOME", (dir / "state").string());
    CHECK(sidecar::history_dir(test::box_a) == dir / "state/cmake-tune/history" / folder);
  }
  SUBCASE("a relative XDG_STATE_HOME is ignored, as the XDG spec says") {
    test::env_override history("TUNE_HISTORY", std::nullopt);
    test::env_override state("XDG_STATE_HOME", "relative/state");
    CHECK(sidecar::history_dir(test::box_a) == dir / "home/.local/state/cmake-tune/history" / folder);
  }
  SUBCASE("nothing to go by") {
    test::env_override history("TUNE_HISTORY", "");
    test::env_override state("XDG_STATE_HOME", std::nullopt);
    test::env_override no_home("HOME", std::nullopt);
    CHECK_THROWS_WITH_AS(sidecar::history_dir(test::box_a),
                         "cannot find the mint history folder: none of TUNE_HISTORY, XDG_STATE_HOME and HOME is set; "
                         "set TUNE_HISTORY to a writable folder",
                         std::runtime_error);
  }
}

TEST_CASE("a failed mint archives a FAILED stub naming the reason") {
  test::sidecar_fixture f;
  const fs::path stub =
      sidecar::archive_failure(test::box_a, "alpha", "noise 12.5% is above the ceiling 10%", at_ms(7));
  CHECK(stub == f.dir / "history" / folder / "20261129T180000.007Z-alpha.FAILED.json");
  CHECK(util::read_json_file(stub) == json{{"format", "tune-mint-failure/1"},
                                           {"scope", "alpha"},
                                           {"box", test::box_a},
                                           {"reason", "noise 12.5% is above the ceiling 10%"},
                                           {"written", "2026-11-29T18:00:00Z"},
                                           {"tool", "cmake-tune 0.1.0"}});
  CHECK_FALSE(fs::exists(f.sidecar));
}

TEST_CASE("archives never overwrite: a second entry in the same millisecond gets its own name") {
  test::sidecar_fixture f;
  const fs::path first = sidecar::archive_failure(test::box_a, "alpha", "first", at_ms(7));
  const fs::path second = sidecar::archive_failure(test::box_a, "alpha", "second", at_ms(7));
  CHECK(second == f.dir / "history" / folder / "20261129T180000.007Z-alpha~2.FAILED.json");
  CHECK(util::read_json_file(first)["reason"] == "first");
  CHECK(util::read_json_file(second)["reason"] == "second");
}

TEST_CASE("list_history lists archived mints oldest first and skips what is not an entry") {
  test::sidecar_fixture f;
  CHECK(sidecar::list_history(test::box_a).empty());
  const fs::path bench = f.bench("alpha");
  sidecar::upsert(f.sidecar, test::update_for("alpha", bench, {{"dot", "a"}}), at_ms(30));
  sidecar::archive_failure(test::box_a, "beta", "interrupted", at_ms(20));
  sidecar::upsert(f.sidecar, test::update_for("alpha", bench, {{"dot", "b"}}), at_ms(30));
  test::write_text(f.dir / "history" / folder / ".20261129T180000.040Z-alpha.tune.json.77.0.tmp", "partial");
  test::write_text(f.dir / "history" / folder / "notes.txt", "mine");

  const auto entries = sidecar::list_history(test::box_a);
  REQUIRE(entries.size() == 3);
  CHECK(entries[0].file.filename() == "20261129T180000.020Z-beta.FAILED.json");
  CHECK(entries[0].failed);
  CHECK(entries[0].scope == "beta");
  CHECK(entries[0].stamp == "20261129T180000.020Z");
  CHECK(entries[1].file.filename() == "20261129T180000.030Z-alpha.tune.json");
  CHECK(entries[2].file.filename() == "20261129T180000.030Z-alpha~2.tune.json");
  CHECK(entries[2].scope == "alpha");
  CHECK_FALSE(entries[2].failed);
}

TEST_CASE("diff_history compares two archived mints; a FAILED stub cannot be compared") {
  test::sidecar_fixture f;
  const fs::path bench = f.bench("alpha");
  auto first = test::update_for("alpha", bench, {{"dot", "base"}});
  first.race["dot"] = test::race_table("base", "base", nullptr, {{"base", 100}, {"avx2", 98}});
  auto second = test::update_for("alpha", bench, {{"dot", "avx2"}});
  second.race["dot"] = test::race_table("avx2", "base", 9.5, {{"base", 110}, {"avx2", 99}});
  const fs::path older = sidecar::upsert(f.sidecar, first, at_ms(1)).history_file;
  const fs::path newer = sidecar::upsert(f.sidecar, second, at_ms(2)).history_file;

  CHECK(sidecar::diff_history(older, newer) ==
        "seats moved: 1\n"
        "  dot: base → avx2 (margin 9.5%)\n"
        "median shift over 2 rows both mints measured: +5.5% (time per call, after vs before)\n");

  const fs::path stub = sidecar::archive_failure(test::box_a, "alpha", "interrupted", at_ms(3));
  CHECK_THROWS_WITH_AS(sidecar::diff_history(older, stub),
                       ("cannot compare \"" + stub.string() +
                        "\": it is not a readable sidecar (its format is \"tune-mint-failure/1\", expected "
                        "\"tune-sidecar/1\")")
                           .c_str(),
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(sidecar::diff_history(older, f.dir / "gone.tune.json"),
                       ("cannot compare \"" + (f.dir / "gone.tune.json").string() + "\": it does not exist").c_str(),
                       std::runtime_error);
}
