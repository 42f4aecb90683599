#include <doctest/doctest.h>

#include "../box/fake_cpus.h"
#include "box/features.h"
#include "sidecar/verdict.h"
#include "sidecar_fixture.h"
#include "util/elf.h"
#include "util/json_file.h"
#include "util/sha256.h"

using namespace tune;
using nlohmann::json;
using sidecar::verdict;

namespace {

// A sidecar that is fresh for scope "mykernels" (families dot, gemm) against the fixture's bench,
// with the sidecar written at t0 + 1.25 s and the bench built at t0.
struct verdict_case : test::sidecar_fixture {
  std::filesystem::path bench_path = bench("mykernels");
  json doc = {{"format", "tune-sidecar/1"},
              {"kernels", {{"dot", "unroll4_avx2"}, {"gemm", "reference"}}},
              {"race", json::object()},
              {"runtime", json::object()},
              {"scopes",
               {{"mykernels",
                 {{"version", 3},
                  {"bench",
                   {{"path", bench_path.string()},
                    {"mtime_ns", test::t0},
                    {"sha256", util::sha256_file(bench_path)},
                    {"code_sha256", util::code_sha256(bench_path)}}},
                  {"complete", true},
                  {"families", {"dot", "gemm"}}}}}},
              {"provenance",
               {{"box", test::box_a},
                {"features", "avx2;fma"},
                {"written", "2027-01-15T08:00:01Z"},
                {"tool", "cmake-tune 0.1.0"}}}};
  sidecar::expectation want{"mykernels", 3, bench_path, {"dot", "gemm"}, test::box_a, "avx2;fma"};
  long long sidecar_mtime = test::t0 + 1'250'000'000LL;
  long long bench_mtime = test::t0;

  sidecar::judgement run() {
    util::write_json_file_atomic(sidecar, doc);
    test::set_mtime_ns(sidecar, sidecar_mtime);
    test::set_mtime_ns(bench_path, bench_mtime);
    return sidecar::judge(sidecar::load(sidecar), want);
  }
  std::string quoted_sidecar() const { return "sidecar \"" + sidecar.string() + "\""; }
  std::string quoted_bench() const { return "\"" + bench_path.string() + "\""; }
};

}  // namespace

TEST_CASE("verdict names") {
  CHECK(std::string(to_string(verdict::fresh)) == "fresh");
  CHECK(std::string(to_string(verdict::absent)) == "absent");
  CHECK(std::string(to_string(verdict::unreadable)) == "unreadable");
  CHECK(std::string(to_string(verdict::stale_binary)) == "stale_binary");
  CHECK(std::string(to_string(verdict::foreign_box)) == "foreign_box");
  CHECK(std::string(to_string(verdict::version)) == "version");
  CHECK(std::string(to_string(verdict::missing)) == "missing");
}

TEST_CASE_FIXTURE(verdict_case, "fresh: everything matches") {
  const auto j = run();
  CHECK(j.v == verdict::fresh);
  CHECK(j.message == "fresh: " + quoted_sidecar() + " is fresh for scope \"mykernels\".");
}

TEST_CASE_FIXTURE(verdict_case, "absent names the path") {
  const auto j = sidecar::judge(sidecar::load(sidecar), want);
  CHECK(j.v == verdict::absent);
  CHECK(j.message == "absent: no sidecar at \"" + sidecar.string() +
                         "\": scope \"mykernels\" has not been tuned in this build tree; build the \"tune-mykernels\" "
                         "target to measure it.");
}

TEST_CASE_FIXTURE(verdict_case, "unreadable names the path and the parse error") {
  test::write_text(sidecar, "{\"format\": \"tune-sidecar/1\",");
  const auto j = sidecar::judge(sidecar::load(sidecar), want);
  CHECK(j.v == verdict::unreadable);
  CHECK(j.message == "unreadable: " + quoted_sidecar() +
                         " is unreadable (the document: expected more JSON, found the end of the file (at byte 29)); "
                         "its winners are ignored until a mint rewrites it; build the \"tune-mykernels\" target.");
}

TEST_CASE_FIXTURE(verdict_case, "unreadable: another format") {
  doc["format"] = "tune-profile/1";
  const auto j = run();
  CHECK(j.v == verdict::unreadable);
  CHECK(j.message == "unreadable: " + quoted_sidecar() +
                         " is unreadable (its format is \"tune-profile/1\", expected \"tune-sidecar/1\"); its winners "
                         "are ignored until a mint rewrites it; build the \"tune-mykernels\" target.");
}

TEST_CASE_FIXTURE(verdict_case, "unreadable: a format a message cannot hold is shown by its start") {
  doc["format"] = std::string(100000, 'x');
  const auto j = run();
  CHECK(j.v == verdict::unreadable);
  CHECK(j.message == "unreadable: " + quoted_sidecar() + " is unreadable (its format is \"" + std::string(64, 'x') +
                         "...\", expected \"tune-sidecar/1\"); its winners are ignored until a mint rewrites it; "
                         "build the \"tune-mykernels\" target.");
  doc["format"] = nlohmann::json::array({1, 2, 3});
  CHECK(run().message.find("(its format is an array, expected \"tune-sidecar/1\")") != std::string::npos);
}

TEST_CASE_FIXTURE(verdict_case, "unreadable: the right format with a wrong shape") {
  doc["scopes"]["mykernels"]["version"] = "3";
  const auto j = run();
  CHECK(j.v == verdict::unreadable);
  CHECK(j.message == "unreadable: " + quoted_sidecar() +
                         " is unreadable (scopes.mykernels.version is a string, expected an integer); its winners are "
                         "ignored until a mint rewrites it; build the \"tune-mykernels\" target.");
}

TEST_CASE_FIXTURE(verdict_case, "a bench rebuilt with the same code is fresh, whatever its file times") {
  bench_mtime = sidecar_mtime + 500'000'000LL;  // a touch, or a comment-only edit: newer, the same code
  CHECK(run().v == verdict::fresh);
}

TEST_CASE_FIXTURE(verdict_case, "stale_binary: other code, both code hashes named") {
  doc["scopes"]["mykernels"]["bench"]["code_sha256"] = std::string(64, 'a');
  const auto j = run();
  CHECK(j.v == verdict::stale_binary);
  CHECK(j.message == "stale_binary: " + quoted_sidecar() + " is stale for scope \"mykernels\": its bench executable " +
                         quoted_bench() + " has code sha256 " + util::code_sha256(bench_path) +
                         ", but the mint measured code sha256 " + std::string(64, 'a') +
                         "; build the \"tune-mykernels\" target to re-measure.");
}

TEST_CASE_FIXTURE(verdict_case, "a sidecar written before code hashes: the whole file's sha256 decides") {
  doc["scopes"]["mykernels"]["bench"].erase("code_sha256");
  CHECK(run().v == verdict::fresh);
  doc["scopes"]["mykernels"]["bench"]["sha256"] = std::string(64, 'b');
  const auto j = run();
  CHECK(j.v == verdict::stale_binary);
  CHECK(j.message == "stale_binary: " + quoted_sidecar() + " is stale for scope \"mykernels\": its bench executable " +
                         quoted_bench() + " has sha256 " + util::sha256_hex("bench v1") +
                         ", but the mint measured sha256 " + std::string(64, 'b') +
                         "; build the \"tune-mykernels\" target to re-measure.");
}

TEST_CASE_FIXTURE(verdict_case, "stale_binary: the bench executable is gone") {
  util::write_json_file_atomic(sidecar, doc);
  std::filesystem::remove(bench_path);
  const auto j = sidecar::judge(sidecar::load(sidecar), want);
  CHECK(j.v == verdict::stale_binary);
  CHECK(j.message == "stale_binary: " + quoted_sidecar() + " is stale for scope \"mykernels\": its bench executable " +
                         quoted_bench() + " does not exist, so it cannot be checked against the code sha256 " +
                         util::sha256_hex("bench v1") +
                         " recorded at the mint; build the \"tune-mykernels\" target to "
                         "re-measure.");
}

TEST_CASE_FIXTURE(verdict_case, "foreign_box names both identities") {
  doc["provenance"]["box"] = test::box_b;
  const auto j = run();
  CHECK(j.v == verdict::foreign_box);
  CHECK(j.message == "foreign_box: " + quoted_sidecar() + " was measured on box \"" + test::box_b +
                         "\", not on this box \"" + test::box_a +
                         "\"; its winners for scope \"mykernels\" do not apply here; build the \"tune-mykernels\" "
                         "target to re-measure.");
}

TEST_CASE_FIXTURE(verdict_case, "foreign_box: this box measured with other features, both sets named") {
  doc["provenance"]["features"] = "fma";
  doc["provenance"]["forced_features"] = "-avx2";
  const auto j = run();
  CHECK(j.v == verdict::foreign_box);
  CHECK(j.message == "foreign_box: " + quoted_sidecar() + " was measured on box \"" + test::box_a +
                         "\" with features \"fma\" (TUNE_FORCE_FEATURES=-avx2), but this box's features are "
                         "\"avx2;fma\"; its winners for scope \"mykernels\" do not apply; build the "
                         "\"tune-mykernels\" target to re-measure.");
  doc["provenance"].erase("forced_features");
  doc["provenance"]["features"] = "avx2;fma";
  want.features = "fma";  // forced now, measured without
  CHECK(run().message.find("with features \"avx2;fma\", but this box's features are \"fma\"") != std::string::npos);
}

// The same Xeon under two hypervisors, one hiding AMX's register state: one identity string, two
// feature sets (tests/unit/box/fake_cpus.h builds them from CPUID bits).
TEST_CASE_FIXTURE(verdict_case, "foreign_box: two boxes with one identity but different features") {
  const auto cpu = {"sse4.2",   "avx",      "avx2",     "fma",      "bmi2",       "f16c",     "avx512f",
                    "avx512dq", "avx512cd", "avx512bw", "avx512vl", "avx512vnni", "amx-tile", "amx-int8"};
  const std::string hidden = box::join(box::features_from_cpuid(fake::cpu(cpu, fake::xcr0_avx512)));
  const std::string exposed = box::join(box::features_from_cpuid(fake::cpu(cpu, fake::xcr0_amx)));
  REQUIRE(hidden != exposed);
  doc["provenance"]["features"] = hidden;
  want.features = exposed;
  const auto j = run();
  CHECK(j.v == verdict::foreign_box);
  CHECK(j.message.find("with features \"" + hidden + "\", but this box's features are \"" + exposed + "\"") !=
        std::string::npos);
  doc["provenance"]["features"] = exposed;
  want.features = hidden;
  CHECK(run().v == verdict::foreign_box);
}

TEST_CASE_FIXTURE(verdict_case, "features compare as sets: a box with none does not read a sidecar with some") {
  want.features = "";
  CHECK(run().v == verdict::foreign_box);
  doc["provenance"]["features"] = "fma;avx2";  // another order, the same set
  want.features = "avx2;fma";
  CHECK(run().v == verdict::fresh);
}

TEST_CASE_FIXTURE(verdict_case, "foreign_box: a sidecar that records no features is not this box's") {
  doc["provenance"].erase("features");
  const auto j = run();
  CHECK(j.v == verdict::foreign_box);
  CHECK(j.message == "foreign_box: " + quoted_sidecar() + " was measured on box \"" + test::box_a +
                         "\" without recording its features, but this box's features are \"avx2;fma\"; its winners "
                         "for scope \"mykernels\" do not apply; build the \"tune-mykernels\" target to re-measure.");
  want.features = "";
  CHECK(run().v == verdict::fresh);
}

TEST_CASE_FIXTURE(verdict_case, "a sidecar adopted for this box (applied_box) is not foreign") {
  doc["provenance"]["box"] = test::box_b;
  doc["provenance"]["applied_box"] = test::box_a;
  CHECK(run().v == verdict::fresh);
}

TEST_CASE_FIXTURE(verdict_case, "version names both values") {
  want.version = 4;
  const auto j = run();
  CHECK(j.v == verdict::version);
  CHECK(j.message == "version: " + quoted_sidecar() +
                         " holds scope \"mykernels\" at version 3, but this build declares version 4; build the "
                         "\"tune-mykernels\" target to re-measure.");
}

TEST_CASE_FIXTURE(verdict_case, "missing names the families without an entry") {
  want.families = {"dot", "fft", "gemm", "scan"};
  const auto j = run();
  CHECK(j.v == verdict::missing);
  CHECK(j.message == "missing: " + quoted_sidecar() +
                         " has no entries for families fft, scan of scope \"mykernels\"; build the \"tune-mykernels\" "
                         "target to measure them.");
}

TEST_CASE_FIXTURE(verdict_case, "a seat recorded outside the scope's family list does not count") {
  doc["scopes"]["mykernels"]["families"] = {"dot"};
  const auto j = run();
  CHECK(j.v == verdict::missing);
  CHECK(j.message == "missing: " + quoted_sidecar() +
                         " has no entries for families gemm of scope \"mykernels\"; build the \"tune-mykernels\" "
                         "target to measure them.");
}

TEST_CASE_FIXTURE(verdict_case, "a scope with no entry is missing all its families") {
  want.scope = "other";
  want.families = {"scan", "sort"};
  const auto j = run();
  CHECK(j.v == verdict::missing);
  CHECK(j.message == "missing: " + quoted_sidecar() +
                         " has no entry for scope \"other\", so its families scan, sort were never measured here; "
                         "build the \"tune-other\" target to measure them.");
}

TEST_CASE_FIXTURE(verdict_case, "the first failing check decides, in the order of docs/sidecar.md's table") {
  SUBCASE("stale_binary before foreign_box") {
    doc["scopes"]["mykernels"]["bench"]["code_sha256"] = std::string(64, 'c');
    doc["provenance"]["box"] = test::box_b;
    CHECK(run().v == verdict::stale_binary);
  }
  SUBCASE("foreign_box before version") {
    doc["provenance"]["box"] = test::box_b;
    want.version = 4;
    CHECK(run().v == verdict::foreign_box);
  }
  SUBCASE("version before missing") {
    want.version = 4;
    want.families = {"dot", "fft"};
    CHECK(run().v == verdict::version);
  }
  SUBCASE("a scope with no entry on a foreign box is foreign_box") {
    doc["provenance"]["box"] = test::box_b;
    want.scope = "other";
    CHECK(run().v == verdict::foreign_box);
  }
}

// Hostile files (issue: every bad input is a named error): each is `unreadable`, naming the path
// inside the file and what was found, never a crash or a library's text.
TEST_CASE_FIXTURE(verdict_case,
                  "unreadable: a number out of range, a byte that is not UTF-8, nesting too deep, a wrong type") {
  const auto judged = [&](const std::string& text) {
    test::write_text(sidecar, text);
    const auto j = sidecar::judge(sidecar::load(sidecar), want);
    CHECK(j.v == verdict::unreadable);
    CHECK(j.message.find("json.exception") == std::string::npos);
    return j.message;
  };
  std::string text = doc.dump();
  const auto with = [&](const std::string& from, const std::string& to) {
    std::string t = text;
    t.replace(t.find(from), from.size(), to);
    return t;
  };
  CHECK(judged(with("\"version\":3", "\"version\":3,\"x\":1e400"))
            .find("(at scopes.mykernels.x: expected a number within the range of a double, found the number 1e400)") !=
        std::string::npos);
  CHECK(judged(with("\"tool\":\"cmake-tune 0.1.0\"", "\"tool\":\"cmake-tune 0.1.0\xff\""))
            .find("at provenance.tool: expected UTF-8 text in a string, found the bytes \"-tune 0.1.0\\xff\" ending at "
                  "byte") != std::string::npos);
  CHECK(judged(with("\"race\":{}", "\"race\":{\"dot\":" + std::string(20000, '[') + std::string(20000, ']') + "}"))
            .find("at race.dot[0]") != std::string::npos);
  doc["race"]["dot"] = {{"rows", {{"u4", {{"rounds", "five"}}}}}};
  text = doc.dump();
  CHECK(judged(text).find("(race.dot.rows.u4.rounds is a string, expected an integer)") != std::string::npos);
}
