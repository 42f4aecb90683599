#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sidecar/format.h"
#include "sidecar/store.h"
#include "sidecar/verdict.h"
#include "sidecar_fixture.h"
#include "util/atomic_file.h"
#include "util/json_file.h"
#include "util/sha256.h"

using namespace tune;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// 2026-11-29T18:00:00Z
const auto when = std::chrono::system_clock::time_point(std::chrono::seconds(1795975200));

struct upsert_case : test::sidecar_fixture {
  fs::path alpha_bench = bench("alpha");
  fs::path beta_bench = bench("beta", "beta bench");

  // Scope alpha before: dot on its fallback, gemm won by tile8.
  sidecar::scope_update alpha_before() {
    auto u = test::update_for("alpha", alpha_bench, {{"dot", "unroll4_base"}, {"gemm", "tile8"}});
    u.race["dot"] =
        test::race_table("unroll4_base", "unroll4_base", nullptr, {{"unroll4_base", 1000}, {"unroll4_avx2", 950}});
    u.race["gemm"] = test::race_table("tile8", "reference", 4.1, {{"tile8", 2000}, {"reference", 2100}});
    return u;
  }
  json on_disk() { return util::read_json_file(sidecar); }
};

}  // namespace

TEST_CASE_FIXTURE(upsert_case, "the first write records the scope, its bench and provenance, and archives the mint") {
  const auto result = sidecar::upsert(sidecar, alpha_before(), when);
  CHECK_FALSE(result.had_previous);
  CHECK(result.diff.empty());
  CHECK(result.backup.empty());
  CHECK_FALSE(fs::exists(sidecar.string() + ".bak"));

  const json doc = on_disk();
  CHECK(doc["format"] == "tune-sidecar/1");
  CHECK(doc["kernels"] == json{{"dot", "unroll4_base"}, {"gemm", "tile8"}});
  CHECK(doc["race"]["gemm"]["margin_pct"] == 4.1);
  CHECK(doc["runtime"] == json::object());
  CHECK(doc["scopes"]["alpha"] == json{{"version", 3},
                                       {"bench",
                                        {{"path", alpha_bench.string()},
                                         {"mtime_ns", *util::mtime_ns(alpha_bench)},
                                         {"sha256", util::sha256_hex("bench v1")},
                                         {"code_sha256", util::sha256_hex("bench v1")}}},
                                       {"complete", true},
                                       {"families", {"dot", "gemm"}}});
  CHECK(doc["provenance"] == json{{"box", test::box_a},
                                  {"class", "x86-avx2"},
                                  {"compiler", "GNU 12.2.0"},
                                  {"noise", "ok"},
                                  {"written", "2026-11-29T18:00:00Z"},
                                  {"tool", "cmake-tune 0.1.0"}});

  CHECK(result.history_file ==
        dir / "history" / sidecar::history_folder_name(test::box_a) / "20261129T180000.000Z-alpha.tune.json");
  CHECK(test::read_text(result.history_file) == test::read_text(sidecar));
}

TEST_CASE_FIXTURE(upsert_case, "a freshly written scope judges fresh; a rebuilt bench makes it stale") {
  sidecar::upsert(sidecar, alpha_before(), when);
  const sidecar::expectation want{"alpha", 3, alpha_bench, {"dot", "gemm"}, test::box_a};
  CHECK(sidecar::judge(sidecar::load(sidecar), want).v == sidecar::verdict::fresh);
  test::write_text(alpha_bench, "bench v2");
  test::set_mtime_ns(alpha_bench, *util::mtime_ns(sidecar) + 1'000'000);
  CHECK(sidecar::judge(sidecar::load(sidecar), want).v == sidecar::verdict::stale_binary);
}

TEST_CASE_FIXTURE(upsert_case, "an upsert keeps other scopes, runtime and unknown keys") {
  sidecar::upsert(sidecar, alpha_before(), when);
  json doc = on_disk();
  doc["runtime"]["myapp"] = {{"plan", "threads=2"}};
  doc["notes"] = {{"by", "a later tool"}};
  doc["race"]["gemm"]["explain"] = "kept";
  doc["provenance"]["origin"] = "resolver";
  util::write_json_file_atomic(sidecar, doc);

  auto beta = test::update_for("beta", beta_bench, {{"scan", "blocked"}});
  beta.race["scan"] = test::race_table("blocked", "serial", 5.0, {{"blocked", 10}, {"serial", 11}});
  sidecar::upsert(sidecar, beta, when);

  const json after = on_disk();
  CHECK(after["kernels"] == json{{"dot", "unroll4_base"}, {"gemm", "tile8"}, {"scan", "blocked"}});
  CHECK(after["scopes"]["alpha"] == doc["scopes"]["alpha"]);
  CHECK(after["race"]["dot"] == doc["race"]["dot"]);
  CHECK(after["race"]["gemm"] == doc["race"]["gemm"]);
  CHECK(after["race"]["scan"]["winner"] == "blocked");
  CHECK(after["runtime"] == json{{"myapp", {{"plan", "threads=2"}}}});
  CHECK(after["notes"] == json{{"by", "a later tool"}});
  CHECK(after["provenance"]["origin"] == "resolver");
}

TEST_CASE_FIXTURE(upsert_case,
                  "a re-mint keeps the previous file as .bak and prints moved seats and the median shift") {
  sidecar::upsert(sidecar, alpha_before(), when);
  const std::string previous = test::read_text(sidecar);

  auto again = test::update_for("alpha", alpha_bench, {{"dot", "unroll4_avx2"}, {"gemm", "tile8"}});
  // Per-row ratios 1.02, 0.98, 1.02, 1.02: median 1.02. The rejected row and the new row were not
  // measured by both mints.
  again.race["dot"] = test::race_table("unroll4_avx2", "unroll4_base", 7.2,
                                       {{"unroll4_base", 1020}, {"unroll4_avx2", 931}, {"unroll8_avx2", 900}});
  again.race["dot"]["rows"]["unroll8_avx512"] = {{"rejected", "requires avx512f: not on this box"}};
  again.race["gemm"] = test::race_table("tile8", "reference", 3.9, {{"tile8", 2040}, {"reference", 2142}});
  const auto result = sidecar::upsert(sidecar, again, when);

  CHECK(result.had_previous);
  CHECK(result.backup == fs::path(sidecar.string() + ".bak"));
  CHECK(test::read_text(result.backup) == previous);
  CHECK(result.diff ==
        "seats moved: 1\n"
        "  dot: unroll4_base → unroll4_avx2 (margin 7.2%)\n"
        "median shift over 4 rows both mints measured: +2.0% (time per call, after vs before)\n");
}

TEST_CASE_FIXTURE(upsert_case, "a re-mint that moves no seat says so; rows of other scopes are not compared") {
  sidecar::upsert(sidecar, alpha_before(), when);
  auto beta = test::update_for("beta", beta_bench, {{"scan", "blocked"}});
  beta.race["scan"] = test::race_table("blocked", "serial", 5.0, {{"blocked", 10}, {"serial", 11}});
  sidecar::upsert(sidecar, beta, when);

  auto again = alpha_before();
  again.race["dot"] =
      test::race_table("unroll4_base", "unroll4_base", nullptr, {{"unroll4_base", 990}, {"unroll4_avx2", 940.5}});
  again.race["gemm"] = test::race_table("tile8", "reference", 4.0, {{"tile8", 1980}, {"reference", 2079}});
  const auto result = sidecar::upsert(sidecar, again, when);
  CHECK(result.diff ==
        "no seats moved\n"
        "median shift over 4 rows both mints measured: -1.0% (time per call, after vs before)\n");
}

TEST_CASE_FIXTURE(upsert_case, "families that left the scope lose their entries; a moved family belongs to one scope") {
  sidecar::upsert(sidecar, alpha_before(), when);
  auto beta = test::update_for("beta", beta_bench, {{"gemm", "tile4"}, {"scan", "blocked"}});
  sidecar::upsert(sidecar, beta, when);
  CHECK(on_disk()["scopes"]["alpha"]["families"] == json{"dot"});

  const auto result = sidecar::upsert(sidecar, test::update_for("beta", beta_bench, {{"scan", "blocked"}}), when);
  const json doc = on_disk();
  CHECK(doc["kernels"] == json{{"dot", "unroll4_base"}, {"scan", "blocked"}});
  CHECK_FALSE(doc["race"].contains("gemm"));
  CHECK(doc["scopes"]["beta"]["families"] == json{"scan"});
  CHECK(result.diff ==
        "seats moved: 1\n"
        "  gemm: tile4 → (none)\n"
        "no row was measured by both mints\n");
}

TEST_CASE_FIXTURE(upsert_case, "a mint on another box drops the scopes measured on the old one and says so") {
  sidecar::upsert(sidecar, alpha_before(), when);
  sidecar::upsert(sidecar, test::update_for("beta", beta_bench, {{"scan", "blocked"}}), when);
  json doc = on_disk();
  doc["runtime"]["myapp"] = {{"plan", "threads=2"}};
  doc["provenance"]["origin"] = "resolver";
  util::write_json_file_atomic(sidecar, doc);

  const auto result =
      sidecar::upsert(sidecar, test::update_for("beta", beta_bench, {{"scan", "blocked"}}, test::box_b), when);
  const json after = on_disk();
  CHECK(after["scopes"].size() == 1);
  CHECK(after["kernels"] == json{{"scan", "blocked"}});
  CHECK(after["race"] == json::object());
  CHECK(after["runtime"] == doc["runtime"]);
  CHECK(after["provenance"]["box"] == test::box_b);
  CHECK_FALSE(after["provenance"].contains("origin"));
  CHECK(result.diff == "box changed from \"" + test::box_a + "\" to \"" + test::box_b +
                           "\": dropped scopes alpha (measured on the other box)\n"
                           "seats moved: 2\n"
                           "  dot: unroll4_base → (none)\n"
                           "  gemm: tile8 (margin 4.1%) → (none)\n"
                           "no row was measured by both mints\n");
  CHECK(result.history_file.parent_path().filename() == sidecar::history_folder_name(test::box_b));
}

TEST_CASE_FIXTURE(upsert_case, "entries adopted for this box (applied_box) are kept by a local mint") {
  sidecar::upsert(sidecar, alpha_before(), when);
  json doc = on_disk();
  doc["provenance"]["applied_box"] = test::box_b;
  util::write_json_file_atomic(sidecar, doc);

  sidecar::upsert(sidecar, test::update_for("beta", beta_bench, {{"scan", "blocked"}}, test::box_b), when);
  const json after = on_disk();
  CHECK(after["scopes"].contains("alpha"));
  CHECK(after["kernels"] == json{{"dot", "unroll4_base"}, {"gemm", "tile8"}, {"scan", "blocked"}});
  CHECK(after["provenance"]["box"] == test::box_b);
}

TEST_CASE_FIXTURE(upsert_case, "an unreadable sidecar is kept under a name no later write takes, and replaced") {
  test::write_text(sidecar, "not json");
  const auto result = sidecar::upsert(sidecar, alpha_before(), when);
  CHECK(result.had_previous);
  const std::string kept = sidecar.string() + ".unreadable-20261129T180000.000Z.json";
  CHECK(result.preserved == kept);
  CHECK(test::read_text(kept) == "not json");
  CHECK(result.diff ==
        "the previous sidecar was unreadable (the document: expected JSON, found 'no' at byte 2); its "
        "bytes are kept as \"" +
            kept + "\" and a new one was started\n");
  CHECK(sidecar::load(sidecar).doc.has_value());
  // Another unreadable file at the same second, and another scope's write after it: nothing
  // that was kept is overwritten (a second scope's write replaces `.bak`, never the kept bytes).
  test::write_text(sidecar, "also not json");
  const auto again = sidecar::upsert(sidecar, alpha_before(), when);
  CHECK(again.preserved == sidecar.string() + ".unreadable-20261129T180000.000Z-2.json");
  sidecar::upsert(sidecar, test::update_for("beta", beta_bench, {{"scan", "blocked"}}, test::box_a), when);
  CHECK(test::read_text(kept) == "not json");
  CHECK(test::read_text(again.preserved) == "also not json");
}

TEST_CASE_FIXTURE(upsert_case, "a FIFO or a link to a device at the sidecar's path is refused, never read") {
  // Before the bound, the mint's read of a FIFO blocked for good and /dev/zero was read without
  // end: the alarm turns such a hang into a failure of this test.
  ::alarm(20);
  const auto refusal = [&](const std::string& found) {
    return "cannot read \"" + sidecar.string() + "\": expected a regular file, found " + found +
           "; remove it, or put the file that belongs there in its place";
  };
  REQUIRE(::mkfifo(sidecar.c_str(), 0600) == 0);
  CHECK_THROWS_WITH_AS(sidecar::upsert(sidecar, alpha_before(), when), refusal("a FIFO").c_str(), util::read_refused);
  CHECK(fs::is_fifo(sidecar));
  CHECK(sidecar::load(sidecar).error == "the document: expected a regular file, found a FIFO");
  fs::remove(sidecar);
  fs::create_symlink("/dev/zero", sidecar);
  CHECK_THROWS_WITH_AS(sidecar::upsert(sidecar, alpha_before(), when), refusal("a device or socket").c_str(),
                       util::read_refused);
  CHECK(fs::is_symlink(sidecar));
  ::alarm(0);
}

TEST_CASE_FIXTURE(upsert_case, "the history keeps the sections a mint writes, not unknown keys or runtime plans") {
  sidecar::upsert(sidecar, alpha_before(), when);
  json doc = on_disk();
  doc["huge_foreign_key"] = std::string(100000, 'x');
  doc["runtime"]["app"] = {{"plan", "p"}};
  test::write_text(sidecar, doc.dump());
  const auto result = sidecar::upsert(sidecar, alpha_before(), when);
  const json archived = json::parse(test::read_text(result.history_file));
  CHECK_FALSE(archived.contains("huge_foreign_key"));
  CHECK(archived["runtime"] == json::object());
  CHECK(archived["kernels"] == on_disk()["kernels"]);
  CHECK(on_disk().contains("huge_foreign_key"));  // the sidecar itself keeps it
}

TEST_CASE_FIXTURE(upsert_case, "an inconsistent update is refused and writes nothing") {
  auto u = alpha_before();
  SUBCASE("no box") {
    u.box.clear();
    CHECK_THROWS_WITH_AS(sidecar::upsert(sidecar, u, when),
                         "scope_update for scope \"alpha\": box is empty; set it to this box's identity",
                         std::invalid_argument);
  }
  SUBCASE("a seat for a family the scope does not declare") {
    u.kernels["fft"] = "radix4";
    CHECK_THROWS_WITH_AS(sidecar::upsert(sidecar, u, when),
                         "scope_update for scope \"alpha\": kernels names family \"fft\", which is not in families",
                         std::invalid_argument);
  }
  SUBCASE("a companion's seat for a companion the scope does not declare") {
    u.companions = {"dot_layout"};
    u.companion_kernels["gemm_pack"] = "tile8";
    CHECK_THROWS_WITH_AS(
        sidecar::upsert(sidecar, u, when),
        "scope_update for scope \"alpha\": companion_kernels names \"gemm_pack\", which is not in companions",
        std::invalid_argument);
  }
  SUBCASE("a companion that is a family") {
    u.companions = {"gemm"};
    CHECK_THROWS_WITH_AS(sidecar::upsert(sidecar, u, when),
                         "scope_update for scope \"alpha\": companions names \"gemm\", which is a family; a public "
                         "name is a family or a companion",
                         std::invalid_argument);
  }
  SUBCASE("complete without every seat") {
    u.kernels.erase("gemm");
    CHECK_THROWS_WITH_AS(
        sidecar::upsert(sidecar, u, when),
        "scope_update for scope \"alpha\": it is marked complete but family \"gemm\" has no kernels entry",
        std::invalid_argument);
  }
  SUBCASE("provenance trying to set the box") {
    u.provenance.box = test::box_b;
    CHECK_THROWS_WITH_AS(sidecar::upsert(sidecar, u, when),
                         "scope_update for scope \"alpha\": provenance sets \"box\", which upsert owns; set "
                         "scope_update::box instead",
                         std::invalid_argument);
  }
  SUBCASE("a race table the format cannot hold") {
    u.race["gemm"]["margin_pct"] = "4.1";
    CHECK_THROWS_WITH_AS(sidecar::upsert(sidecar, u, when),
                         ("refusing to write \"" + sidecar.string() +
                          "\" for scope \"alpha\": race.gemm.margin_pct is a string, expected a number or null")
                             .c_str(),
                         std::invalid_argument);
  }
  SUBCASE("a bench executable that does not exist") {
    u.bench = dir / "nowhere/bench";
    CHECK_THROWS_WITH_AS(sidecar::upsert(sidecar, u, when),
                         ("cannot record scope \"alpha\": its bench executable \"" + (dir / "nowhere/bench").string() +
                          "\" does not exist")
                             .c_str(),
                         std::runtime_error);
  }
  CHECK_FALSE(fs::exists(sidecar));
  CHECK_FALSE(fs::exists(dir / "history"));
}

TEST_CASE_FIXTURE(upsert_case,
                  "a companion's own seat is written beside its family's; a re-mint replaces or drops it") {
  auto u = alpha_before();
  u.companions = {"dot_layout", "gemm_pack"};
  u.companion_kernels = {{"dot_layout", "unroll4_avx2"}};
  u.race["dot"]["companions"] = {{"dot_layout", "unroll4_avx2"}};
  sidecar::upsert(sidecar, u, when);
  CHECK(on_disk()["kernels"] == json{{"dot", "unroll4_base"}, {"gemm", "tile8"}, {"dot_layout", "unroll4_avx2"}});
  CHECK(on_disk()["race"]["dot"]["companions"] == json{{"dot_layout", "unroll4_avx2"}});

  // The next mint's companion follows the family: its entry goes with the old race table.
  auto next = alpha_before();
  next.companions = {"dot_layout", "gemm_pack"};
  sidecar::upsert(sidecar, next, when);
  CHECK(on_disk()["kernels"] == json{{"dot", "unroll4_base"}, {"gemm", "tile8"}});
  CHECK_FALSE(on_disk()["race"]["dot"].contains("companions"));
}

TEST_CASE_FIXTURE(upsert_case, "a partial mint records complete: false") {
  auto u = alpha_before();
  u.complete = false;
  u.kernels.erase("gemm");
  u.race.erase("gemm");
  sidecar::upsert(sidecar, u, when);
  const json doc = on_disk();
  CHECK(doc["scopes"]["alpha"]["complete"] == false);
  CHECK(doc["scopes"]["alpha"]["families"] == json{"dot", "gemm"});
  const sidecar::expectation want{"alpha", 3, alpha_bench, {"dot", "gemm"}, test::box_a};
  CHECK(sidecar::judge(sidecar::load(sidecar), want).v == sidecar::verdict::missing);
}

TEST_CASE_FIXTURE(upsert_case, "a kept family keeps its seat, race table and companion's seat as the file has them") {
  auto before = alpha_before();
  before.companions = {"gemm_pack"};
  before.companion_kernels = {{"gemm_pack", "reference"}};
  sidecar::upsert(sidecar, before, when);
  const json was = on_disk();

  // A mint of dot alone: gemm is kept.
  auto only_dot = test::update_for("alpha", alpha_bench, {{"dot", "unroll4_avx2"}});
  only_dot.families = {"dot", "gemm"};
  only_dot.race["dot"] = test::race_table("unroll4_avx2", "unroll4_base", 5.2, {{"unroll4_base", 1000}});
  only_dot.kept = {"gemm"};
  sidecar::upsert(sidecar, only_dot, when + std::chrono::seconds(1));
  const json now = on_disk();
  CHECK(now["kernels"]["dot"] == "unroll4_avx2");
  CHECK(now["kernels"]["gemm"] == was["kernels"]["gemm"]);
  CHECK(now["kernels"]["gemm_pack"] == "reference");
  CHECK(now["race"]["gemm"] == was["race"]["gemm"]);
  CHECK(now["scopes"]["alpha"]["complete"] == true);

  // A family to keep that the file no longer seats (another mint dropped it): nothing is written.
  auto stale = only_dot;
  stale.kept = {"gemm"};
  json edited = now;
  edited["kernels"].erase("gemm");
  util::write_file_atomic(sidecar, edited.dump());
  CHECK_THROWS_WITH_AS(
      sidecar::upsert(sidecar, stale, when + std::chrono::seconds(2)),
      doctest::Contains("family gemm was to be kept as the sidecar has it, but it has no seat there now"),
      std::runtime_error);
  CHECK(on_disk() == edited);

  auto both = only_dot;
  both.kept = {"dot"};
  CHECK_THROWS_WITH_AS(sidecar::upsert(sidecar, both, when),
                       doctest::Contains("family \"dot\" is kept, so the update cannot also set its seat"),
                       std::invalid_argument);
}
