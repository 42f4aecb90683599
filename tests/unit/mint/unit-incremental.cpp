// Incremental re-mints (mint/incremental.h): which families a re-mint keeps as the sidecar has
// them, and why it races the others.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "mint/incremental.h"
#include "test_files.h"

using namespace tune;

namespace {

family_decl dot() {
  family_decl f;
  f.name = "dot";
  for (const char* suffix : {"u1", "u2"}) {
    row_decl r;
    r.suffix = suffix;
    r.identity = isolate::row_identity{std::string("code-") + suffix, std::nullopt, std::nullopt};
    f.rows.push_back(r);
  }
  return f;
}

// dot's last race: both rows timed with the codes dot() has, under fixture "fx".
race::race_table last_race() {
  race::race_table t;
  t.winner = "u2";
  t.fallback = "u1";
  t.verdict = "won";
  t.fixture_sha256 = "fx";
  for (const char* suffix : {"u1", "u2"}) {
    t.rows[suffix].median_ns = 10;
    t.rows[suffix].code_sha256 = std::string("code-") + suffix;
  }
  return t;
}

sidecar::document measured(const std::string& compiler, const std::string& tool) {
  sidecar::document doc;
  doc.provenance.box = "box";
  doc.provenance.compiler = compiler;
  doc.provenance.tool = tool;
  return doc;
}

mint::remint_basis basis(sidecar::verdict v) {
  return {{v, std::string(sidecar::to_string(v)) + ": the message"}, "GNU 12.2.0", "cmake-tune 0.1.0", false};
}

}  // namespace

TEST_CASE("a family whose fixture and every row have the code its last race measured is kept") {
  const auto table = last_race();
  CHECK_FALSE(mint::why_race_again(dot(), std::string("fx"), &table));
}

TEST_CASE("a family is raced again, saying why, when anything it measured changed") {
  auto f = dot();
  auto table = last_race();
  CHECK(mint::why_race_again(f, std::string("fx"), nullptr) == "it has no race measured on this box");
  CHECK(mint::why_race_again(f, std::string("fx2"), &table) == "its fixture's code changed");
  CHECK(mint::why_race_again(f, std::nullopt, &table) == "its fixture's code identity is unknown");

  f.rows[1].identity->code_sha256 = "code-u2-edited";
  CHECK(mint::why_race_again(f, std::string("fx"), &table) == "row u2's code changed");

  f = dot();
  f.rows.push_back(f.rows[0]);
  f.rows.back().suffix = "u4";
  CHECK(mint::why_race_again(f, std::string("fx"), &table) == "row u4 is new");

  f = dot();
  f.rows.pop_back();
  CHECK(mint::why_race_again(f, std::string("fx"), &table) == "row u2 is gone");

  f = dot();
  f.rows[1].identity.reset();
  CHECK(mint::why_race_again(f, std::string("fx"), &table) == "row u2 has no code identity");

  table = last_race();
  table.fixture_sha256.reset();  // a table from before fixture identities
  CHECK(mint::why_race_again(dot(), std::string("fx"), &table) == "its last race recorded no fixture code identity");

  race::race_table adopted;
  adopted.winner = "u2";
  adopted.verdict = "adopted";
  CHECK(mint::why_race_again(dot(), std::string("fx"), &adopted) == "it has no race measured on this box");
  race::race_table budget = last_race();
  for (auto& [_, row] : budget.rows) row.median_ns.reset();
  CHECK(mint::why_race_again(dot(), std::string("fx"), &budget) == "it has no race measured on this box");
}

TEST_CASE("a row the build left out stands while its last race recorded it failing at the same stage") {
  auto f = dot();
  f.rows[1].identity.reset();
  f.rows[1].left_out = "compile: error: 'x' was not declared";
  auto table = last_race();
  table.rows["u2"] = race::race_row{};
  table.rows["u2"].rejected = "compile: error: 'x' was not declared";
  CHECK(mint::why_race_again(f, std::string("fx"), &table) == "row u2 now fails to build");
  table.rows["u2"].last_fail_reason = race::row_failure{"compile", "error: 'x' was not declared", ""};
  CHECK_FALSE(mint::why_race_again(f, std::string("fx"), &table));
  table.rows["u2"].last_fail_reason = race::row_failure{"link", "undefined reference", ""};
  CHECK(mint::why_race_again(f, std::string("fx"), &table) == "row u2 fails differently");
}

TEST_CASE("nothing is kept across a new compiler, a new tool, another box or version, or --all") {
  const auto doc = measured("GNU 12.2.0", "cmake-tune 0.1.0");
  CHECK_FALSE(mint::why_race_everything(&doc, basis(sidecar::verdict::fresh)));
  CHECK_FALSE(mint::why_race_everything(&doc, basis(sidecar::verdict::missing)));  // a family never measured
  CHECK(mint::why_race_everything(&doc, basis(sidecar::verdict::foreign_box)) == "foreign_box: the message");
  CHECK(mint::why_race_everything(&doc, basis(sidecar::verdict::version)) == "version: the message");
  CHECK(mint::why_race_everything(nullptr, basis(sidecar::verdict::absent)) == "absent: the message");
  auto all = basis(sidecar::verdict::fresh);
  all.all = true;
  CHECK(mint::why_race_everything(&doc, all) == "--all / TUNE_ALL races every family");
  auto applied = doc;
  applied.provenance.applied_box = "this box";
  CHECK(mint::why_race_everything(&applied, basis(sidecar::verdict::fresh)) ==
        "the sidecar was measured on box and applied here");
  const auto gcc13 = measured("GNU 13.1.0", "cmake-tune 0.1.0");
  CHECK(mint::why_race_everything(&gcc13, basis(sidecar::verdict::fresh)) ==
        "the compiler changed from GNU 13.1.0 to GNU 12.2.0 since the last mint");
  const auto old_tool = measured("GNU 12.2.0", "cmake-tune 0.0.9");
  CHECK(mint::why_race_everything(&old_tool, basis(sidecar::verdict::fresh)) ==
        "the tool changed from cmake-tune 0.0.9 to cmake-tune 0.1.0 since the last mint");
}

TEST_CASE("the fixture's code identity is its object's, unknown when the manifest names none") {
  auto f = dot();
  CHECK_FALSE(mint::fixture_code(f));
  test::temp_dir dir;
  f.fixture_object = dir.path() / "absent.o";
  CHECK_FALSE(mint::fixture_code(f));
  f.fixture_object = dir.path() / "not-elf.o";
  std::ofstream(f.fixture_object) << "not an object";
  CHECK_FALSE(mint::fixture_code(f));
}

TEST_CASE("a row's runtime failure is not retried while its code and the fixture are the ones that failed") {
  auto table = last_race();
  table.rows["u2"] = race::race_row{};
  table.rows["u2"].code_sha256 = "code-u2";
  table.rows["u2"].last_fail_reason = race::row_failure{"timeout", "a call ran past 2 s", ""};
  const auto known = mint::known_failures(dot(), std::string("fx"), &table);
  REQUIRE(known.count("u2") == 1);
  CHECK(known.at("u2").summary() == "timeout: a call ran past 2 s");
  CHECK(known.size() == 1);
  CHECK(mint::known_failures(dot(), std::string("fx2"), &table).empty());  // another fixture: retried
  CHECK(mint::known_failures(dot(), std::nullopt, &table).empty());
  auto edited = dot();
  edited.rows[1].identity->code_sha256 = "code-u2-edited";  // another code: retried
  CHECK(mint::known_failures(edited, std::string("fx"), &table).empty());
  table.rows["u2"].last_fail_reason = race::row_failure{"compile", "error", ""};  // the build's, not the race's
  CHECK(mint::known_failures(dot(), std::string("fx"), &table).empty());
  CHECK(mint::known_failures(dot(), std::string("fx"), nullptr).empty());
}
