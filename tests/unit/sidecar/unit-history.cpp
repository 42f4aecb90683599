#include <doctest/doctest.h>

#include "sidecar/diff.h"
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
  const fs::path stub = sidecar::archive_failure(test::box_a, "alpha", "/b/tune/alpha/bench",
                                                 "noise 12.5% is above the ceiling 10%", at_ms(7));
  CHECK(stub == f.dir / "history" / folder / "20261129T180000.007Z-alpha.FAILED.json");
  CHECK(util::read_json_file(stub) == json{{"format", "tune-mint-failure/1"},
                                           {"scope", "alpha"},
                                           {"box", test::box_a},
                                           {"bench", "/b/tune/alpha/bench"},
                                           {"reason", "noise 12.5% is above the ceiling 10%"},
                                           {"written", "2026-11-29T18:00:00Z"},
                                           {"tool", "cmake-tune 0.1.0"}});
  CHECK_FALSE(fs::exists(f.sidecar));
}

TEST_CASE("archives never overwrite: a second entry in the same millisecond gets its own name") {
  test::sidecar_fixture f;
  const fs::path first = sidecar::archive_failure(test::box_a, "alpha", "/b/bench", "first", at_ms(7));
  const fs::path second = sidecar::archive_failure(test::box_a, "alpha", "/b/bench", "second", at_ms(7));
  CHECK(second == f.dir / "history" / folder / "20261129T180000.007Z-alpha~2.FAILED.json");
  CHECK(util::read_json_file(first)["reason"] == "first");
  CHECK(util::read_json_file(second)["reason"] == "second");
}

TEST_CASE("list_history lists archived mints oldest first and skips what is not an entry") {
  test::sidecar_fixture f;
  CHECK(sidecar::list_history(test::box_a).empty());
  const fs::path bench = f.bench("alpha");
  sidecar::upsert(f.sidecar, test::update_for("alpha", bench, {{"dot", "a"}}), at_ms(30));
  sidecar::archive_failure(test::box_a, "beta", "/b/bench", "interrupted", at_ms(20));
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

TEST_CASE("tree_history numbers a tree's mints and compares each with its own scope's mint before it") {
  test::sidecar_fixture f;
  const fs::path alpha = f.bench("alpha"), beta = f.bench("beta");
  auto first = test::update_for("alpha", alpha, {{"dot", "base"}});
  // A table whose fallback holds but that carries a margin: the seat has none (stamp/seat.cpp's rule).
  first.race["dot"] = test::race_table("base", "base", 5.0, {{"base", 100}, {"avx2", 98}});
  auto other = test::update_for("beta", beta, {{"axpy", "u4"}});
  other.race["axpy"] = test::race_table("u4", "u2", 30.0, {{"u2", 50}, {"u4", 30}});
  auto second = test::update_for("alpha", alpha, {{"dot", "avx2"}});
  second.race["dot"] = test::race_table("avx2", "base", 9.5, {{"base", 110}, {"avx2", 99}});
  sidecar::upsert(f.sidecar, first, at_ms(1));
  sidecar::upsert(f.sidecar, other, at_ms(2));  // beta's mint, in the same sidecar, between alpha's two
  sidecar::archive_failure(test::box_a, "alpha", alpha, "interrupted", at_ms(3));
  sidecar::upsert(f.sidecar, second, at_ms(4));
  test::write_text(f.dir / "history" / folder / "20261129T180000.005Z-alpha.tune.json", "{");

  // Two configurations of alpha (their benches differ) and beta.
  const auto mints = sidecar::tree_history(
      test::box_a, {{"alpha", "Release", alpha}, {"alpha", "Debug", f.dir / "debug/bench"}, {"beta", "", beta}});
  REQUIRE(mints.size() == 5);  // the unreadable file once, not once per configuration
  for (int i = 0; i < 5; ++i) CHECK(mints[i].id == i + 1);
  CHECK(mints[0].scope == "alpha");
  CHECK_FALSE(mints[0].since);
  CHECK(mints[1].scope == "beta");
  CHECK_FALSE(mints[1].since);  // beta's first
  CHECK(mints[1].seats.at("axpy").margin_pct == 30.0);
  CHECK(mints[2].mint.entry.failed);
  REQUIRE(mints[3].since);
  CHECK(mints[3].previous == 1);  // alpha's last readable mint, not beta's nor the failed one
  // alpha's change alone: beta's table, new since alpha's first mint, is not alpha's to report.
  CHECK(mints[3].since->raced == std::vector<std::string>{"dot"});
  REQUIRE(mints[3].since->moved.size() == 1);
  CHECK(mints[3].since->moved[0].family == "dot");
  CHECK(mints[3].since->rows_compared == 2);
  CHECK(mints[3].seats.at("dot").suffix == "avx2");
  CHECK(mints[3].seats.at("dot").margin_pct == 9.5);
  CHECK(mints[3].seats.at("dot").median_ns == 99);
  CHECK(mints[0].seats.at("dot").margin_pct == std::nullopt);  // the fallback in its seat has no margin
  CHECK(mints[4].mint.unreadable != "");
  CHECK(mints[4].config == "");
  CHECK(json(mints[4])["config"].is_null());
  CHECK(json(mints[4])["outcome"] == "unreadable");
  CHECK(json(mints[3])["since"]["raced"] == json{"dot"});

  // Each configuration's own mints, and the unreadable entry in both (its configuration is unknown).
  const auto ids = [&](const std::string& scope, const std::string& config) {
    std::vector<int> out;
    for (const auto* m : sidecar::mints_of(mints, scope, config)) out.push_back(m->id);
    return out;
  };
  CHECK(ids("alpha", "Release") == std::vector<int>{1, 3, 4, 5});
  CHECK(ids("alpha", "Debug") == std::vector<int>{5});
  CHECK(ids("beta", "") == std::vector<int>{2});
  CHECK(ids("gamma", "") == std::vector<int>{});
}

TEST_CASE("history_of lists one build tree's mints of a scope: failed, unreadable and other trees apart") {
  test::sidecar_fixture f;
  const fs::path bench = f.bench("alpha");
  const fs::path other_tree = f.dir / "other/tune/alpha/bench";
  sidecar::upsert(f.sidecar, test::update_for("alpha", bench, {{"dot", "a"}}), at_ms(1));
  sidecar::archive_failure(test::box_a, "alpha", bench, "noise 12.5% is above the ceiling 10%", at_ms(2));
  sidecar::archive_failure(test::box_a, "alpha", other_tree, "interrupted", at_ms(3));
  {  // another build tree's mint of a scope with the same name
    test::sidecar_fixture elsewhere;
    const auto theirs = sidecar::upsert(elsewhere.sidecar,
                                        test::update_for("alpha", elsewhere.bench("alpha"), {{"dot", "z"}}), at_ms(4))
                            .history_file;
    fs::copy_file(theirs, f.dir / "history" / folder / theirs.filename());
  }
  sidecar::upsert(f.sidecar, test::update_for("beta", f.bench("beta"), {{"axpy", "b"}}), at_ms(5));
  test::write_text(f.dir / "history" / folder / "20261129T180000.006Z-alpha.tune.json", "{\"format\": ");
  // A stub from before stubs named their bench: nothing says which tree it was of.
  test::write_text(f.dir / "history" / folder / "20261129T180000.007Z-alpha.FAILED.json",
                   json{{"format", "tune-mint-failure/1"}, {"scope", "alpha"}, {"reason", "old"}}.dump());
  sidecar::upsert(f.sidecar, test::update_for("alpha", bench, {{"dot", "b"}}), at_ms(8));

  const auto mints = sidecar::history_of(test::box_a, "alpha", bench);
  REQUIRE(mints.size() == 4);
  CHECK(mints[0].entry.stamp == "20261129T180000.001Z");
  REQUIRE(mints[0].doc);
  CHECK(*mints[0].doc->seat_of("dot") == "a");
  CHECK(mints[0].written == "2026-11-29T18:00:00Z");
  CHECK(mints[1].entry.failed);
  CHECK(mints[1].failure == "noise 12.5% is above the ceiling 10%");
  CHECK_FALSE(mints[1].doc);
  CHECK(mints[2].entry.stamp == "20261129T180000.006Z");
  CHECK_FALSE(mints[2].doc);
  CHECK(mints[2].unreadable != "");
  REQUIRE(mints[3].doc);
  CHECK(*mints[3].doc->seat_of("dot") == "b");
  CHECK(sidecar::history_of(test::box_a, "alpha", other_tree).size() == 2);  // its stub, and the unreadable file
  CHECK(sidecar::history_of(test::box_a, "beta", f.bench("beta")).size() == 1);
  CHECK(sidecar::history_of(test::box_b, "alpha", bench).empty());
}

TEST_CASE("compare: seats moved with both margins, families raced again, the shift; as JSON") {
  sidecar::document before, after;
  before.kernels = {{"dot", "base"}, {"axpy", "u2"}, {"gone", "x"}};
  after.kernels = {{"dot", "avx2"}, {"axpy", "u2"}, {"new", "y"}};
  before.race["dot"] =
      json(test::race_table("base", "base", nullptr, {{"base", 100}, {"avx2", 98}})).get<race::race_table>();
  after.race["dot"] =
      json(test::race_table("avx2", "base", 9.5, {{"base", 110}, {"avx2", 99}})).get<race::race_table>();
  before.race["axpy"] = json(test::race_table("u2", "base", 4.0, {{"u2", 10}})).get<race::race_table>();
  after.race["axpy"] = before.race["axpy"];  // carried over, not raced again
  after.race["new"] = json(test::race_table("y", "y", nullptr, {{"y", 5}})).get<race::race_table>();

  const auto c = sidecar::compare(before, after);
  REQUIRE(c.moved.size() == 3);
  CHECK(c.moved[0].family == "dot");
  CHECK(c.moved[0].from == "base");
  CHECK(c.moved[0].to == "avx2");
  CHECK_FALSE(c.moved[0].from_margin_pct);
  CHECK(c.moved[0].to_margin_pct == 9.5);
  CHECK(c.moved[1].family == "gone");
  CHECK_FALSE(c.moved[1].to);
  CHECK(c.moved[2].family == "new");
  CHECK_FALSE(c.moved[2].from);
  CHECK(c.raced == std::vector<std::string>{"dot", "new"});
  CHECK(c.rows_compared == 2);
  REQUIRE(c.median_shift_pct);
  CHECK(*c.median_shift_pct == doctest::Approx(5.5).epsilon(0.01));
  CHECK(sidecar::describe_changes(c) ==
        "seats moved: 3\n"
        "  dot: base → avx2 (margin 9.5%)\n"
        "  gone: x → (none)\n"
        "  new: (none) → y\n"
        "median shift over 2 rows both mints measured: +5.5% (time per call, after vs before)\n");
  const json j = c;
  CHECK(
      j["moved"][0] ==
      json{{"family", "dot"}, {"from", "base"}, {"to", "avx2"}, {"from_margin_pct", nullptr}, {"to_margin_pct", 9.5}});
  CHECK(j["raced"] == json{"dot", "new"});
  CHECK(j["rows_compared"] == 2);
  CHECK(sidecar::describe_changes(sidecar::compare(after, after)) ==
        "no seats moved\nno row was measured by both mints\n");
  CHECK(json(sidecar::compare(after, after))["median_shift_pct"].is_null());
}
