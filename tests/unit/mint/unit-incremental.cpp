// Incremental re-mints (mint/incremental.h): which families a re-mint keeps as the sidecar has
// them, why it races the others, and which failed rows it does not run again.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "mint/incremental.h"
#include "test_files.h"

using namespace tune;

namespace {

family_decl dot(const std::string& name = "dot") {
  family_decl f;
  f.name = name;
  f.reference = "u1";
  f.fallback = {"u1"};
  for (const char* suffix : {"u1", "u2"}) {
    row_decl r;
    r.suffix = suffix;
    r.identity = isolate::row_identity{std::string("code-") + suffix, std::nullopt, std::nullopt};
    f.rows.push_back(r);
  }
  return f;
}

// dot's last race: both rows timed with the codes dot() has, under fixture "fx", by this tool
// and compiler.
race::race_table last_race() {
  race::race_table t;
  t.winner = "u2";
  t.fallback = "u1";
  t.verdict = "won";
  t.fixture_sha256 = "fx";
  t.tool = "cmake-tune 0.1.0";
  t.compiler = "GNU 12.2.0";
  for (const char* suffix : {"u1", "u2"}) {
    t.rows[suffix].median_ns = 10;
    t.rows[suffix].code_sha256 = std::string("code-") + suffix;
  }
  return t;
}

mint::remint_basis basis(sidecar::verdict v = sidecar::verdict::fresh) {
  return {{v, std::string(sidecar::to_string(v)) + ": the message"}, "GNU 12.2.0", "cmake-tune 0.1.0", false};
}

const std::optional<std::string> fx = std::string("fx");

}  // namespace

TEST_CASE("a family whose fixture and every row have the code its last race measured is kept") {
  const auto table = last_race();
  CHECK_FALSE(mint::why_race_again(dot(), fx, &table, basis()));
  auto one_code = table;  // every runnable row of one code: untimed but measured
  one_code.rows["u2"] = race::race_row{};
  one_code.rows["u2"].code_sha256 = "code-u2";
  one_code.rows["u2"].same_code_as = "u1";
  one_code.rows["u1"].median_ns.reset();
  CHECK_FALSE(mint::why_race_again(dot(), fx, &one_code, basis()));
}

TEST_CASE("a family is raced again, saying why, when anything it measured changed") {
  auto f = dot();
  auto table = last_race();
  const auto b = basis();
  CHECK(mint::why_race_again(f, fx, nullptr, b) == "it has no race measured on this box");
  CHECK(mint::why_race_again(f, std::string("fx2"), &table, b) == "its fixture's code changed");
  CHECK(mint::why_race_again(f, std::nullopt, &table, b) == "its fixture's code identity is unknown");

  f.rows[1].identity->code_sha256 = "code-u2-edited";
  CHECK(mint::why_race_again(f, fx, &table, b) == "row u2's code changed");

  f = dot();
  f.rows.push_back(f.rows[0]);
  f.rows.back().suffix = "u4";
  CHECK(mint::why_race_again(f, fx, &table, b) == "row u4 is new");

  f = dot();
  f.rows.pop_back();
  CHECK(mint::why_race_again(f, fx, &table, b) == "row u2 is gone");

  f = dot();
  f.rows[1].identity.reset();
  CHECK(mint::why_race_again(f, fx, &table, b) == "row u2 has no code identity");

  table.fixture_sha256.reset();  // a table from before fixture identities
  CHECK(mint::why_race_again(dot(), fx, &table, b) == "its last race recorded no fixture code identity");

  table = last_race();
  table.tool = "cmake-tune 0.0.9";
  CHECK(mint::why_race_again(dot(), fx, &table, b) ==
        "its last race was measured by cmake-tune 0.0.9, not cmake-tune 0.1.0");
  table = last_race();
  table.compiler = "GNU 13.1.0";
  CHECK(mint::why_race_again(dot(), fx, &table, b) == "its last race was compiled by GNU 13.1.0, not GNU 12.2.0");

  race::race_table adopted;
  adopted.winner = "u2";
  adopted.verdict = "adopted";
  CHECK(mint::why_race_again(dot(), fx, &adopted, b) == "it has no race measured on this box");
  auto budget = last_race();
  budget.verdict = "budget";
  for (auto& [_, row] : budget.rows) row.median_ns.reset();
  CHECK(mint::why_race_again(dot(), fx, &budget, b) == "it has no race measured on this box");
}

TEST_CASE("a row the build left out stands while its last race recorded it failing at the same stage") {
  auto f = dot();
  f.rows[1].identity.reset();
  f.rows[1].left_out = "compile: error: 'x' was not declared";
  auto table = last_race();
  table.rows["u2"] = race::race_row{};
  table.rows["u2"].rejected = "compile: error: 'x' was not declared";
  CHECK(mint::why_race_again(f, fx, &table, basis()) == "row u2 now fails to build");
  table.rows["u2"].last_fail_reason = race::row_failure{"compile", "error: 'x' was not declared", ""};
  CHECK_FALSE(mint::why_race_again(f, fx, &table, basis()));
  table.rows["u2"].last_fail_reason = race::row_failure{"link", "undefined reference", ""};
  CHECK(mint::why_race_again(f, fx, &table, basis()) == "row u2 fails differently");
}

TEST_CASE("nothing is kept from another box or version, an applied sidecar, or with --all") {
  sidecar::document doc;
  doc.provenance.box = "box";
  CHECK_FALSE(mint::why_race_everything(&doc, basis(sidecar::verdict::fresh)));
  CHECK_FALSE(mint::why_race_everything(&doc, basis(sidecar::verdict::missing)));  // a family never measured
  CHECK(mint::why_race_everything(&doc, basis(sidecar::verdict::foreign_box)) == "foreign_box: the message");
  CHECK(mint::why_race_everything(&doc, basis(sidecar::verdict::version)) == "version: the message");
  CHECK(mint::why_race_everything(nullptr, basis(sidecar::verdict::absent)) == "absent: the message");
  auto all = basis();
  all.all = true;
  CHECK(mint::why_race_everything(&doc, all) == "--all / TUNE_ALL races every family");
  auto applied = doc;
  applied.provenance.applied_box = "this box";
  CHECK(mint::why_race_everything(&applied, basis()) == "the sidecar was measured on box and applied here");
}

TEST_CASE("a row's runtime failure is not run again while its code, fixture, tool and compiler are the same") {
  auto table = last_race();
  table.rows["u2"] = race::race_row{};
  table.rows["u2"].code_sha256 = "code-u2";
  table.rows["u2"].last_fail_reason = race::row_failure{"timeout", "a call ran past 2 s", ""};
  const auto b = basis();
  const auto known = mint::known_failures(dot(), fx, &table, b);
  REQUIRE(known.count("u2") == 1);
  CHECK(known.at("u2").summary() == "timeout: a call ran past 2 s");
  CHECK(known.size() == 1);
  CHECK(mint::known_failures(dot(), std::string("fx2"), &table, b).empty());  // another fixture: run again
  CHECK(mint::known_failures(dot(), std::nullopt, &table, b).empty());
  auto edited = dot();
  edited.rows[1].identity->code_sha256 = "code-u2-edited";  // another code: run again
  CHECK(mint::known_failures(edited, fx, &table, b).empty());
  auto new_reference = dot();
  new_reference.rows[0].identity->code_sha256 = "code-u1-edited";  // the reference u1 changed: all retried
  CHECK(mint::known_failures(new_reference, fx, &table, b).empty());
  auto other_tool = table;
  other_tool.tool = "cmake-tune 0.0.9";
  CHECK(mint::known_failures(dot(), fx, &other_tool, b).empty());
  table.rows["u2"].last_fail_reason = race::row_failure{"compile", "error", ""};  // the build's, not the race's
  CHECK(mint::known_failures(dot(), fx, &table, b).empty());
  CHECK(mint::known_failures(dot(), fx, nullptr, b).empty());
}

TEST_CASE("a re-mint keeps the unchanged families, races the rest with why, and prefers a measurement to a profile") {
  manifest m;
  m.families = {dot("alpha"), dot("beta"), dot("gamma")};
  m.families[1].rows[1].identity->code_sha256 = "code-u2-edited";  // beta's u2 changed
  sidecar::document doc;
  doc.provenance.box = "box";
  for (const char* name : {"alpha", "beta", "gamma"}) {
    doc.kernels[name] = "u2";
    doc.race[name] = last_race();
  }
  doc.race["beta"].rows["u1"] = race::race_row{};  // and its u1 crashed, with the code it has now
  doc.race["beta"].rows["u1"].code_sha256 = "code-u1";
  doc.race["beta"].rows["u1"].last_fail_reason = race::row_failure{"crash", "killed by SIGSEGV", ""};
  const mint::fixture_identity fixture = [](const family_decl&) { return std::optional<std::string>("fx"); };

  mint::race_plan plan;
  plan.families = {"alpha", "beta"};
  plan.adopted["gamma"] = {"u1", "x86-avx2"};
  mint::keep_unchanged(plan, m, &doc, basis(), fixture, "stale_binary: the message");
  CHECK(plan.families == std::vector<std::string>{"beta"});
  CHECK(plan.kept == std::vector<std::string>{"alpha", "gamma"});
  CHECK(plan.adopted.empty());
  CHECK(plan.why_kept.at("gamma") == "its last race on this box measured the code it has now");
  CHECK(plan.why == "beta: row u2's code changed; stale_binary: the message");
  REQUIRE(plan.known_failures.count("beta") == 1);
  CHECK(plan.known_failures.at("beta").at("u1").stage == "crash");

  // Nothing changed: nothing raced, and the why says so.
  m.families[1] = dot("beta");
  doc.race["beta"] = last_race();
  mint::race_plan same;
  same.families = {"alpha", "beta", "gamma"};
  mint::keep_unchanged(same, m, &doc, basis(), fixture, "");
  CHECK(same.families.empty());
  CHECK(same.why == "every family's last race on this box measured the code it has now");

  // An adopted family whose table is a profile's stays adopted, and gives no reason.
  doc.race["gamma"] = race::race_table{};
  doc.race["gamma"].winner = "u1";
  doc.race["gamma"].verdict = "adopted";
  mint::race_plan residue;
  residue.families = {"alpha"};
  residue.adopted["gamma"] = {"u1", "x86-avx2"};
  mint::keep_unchanged(residue, m, &doc, basis(), fixture, "stale_binary: the message");
  CHECK(residue.adopted.count("gamma") == 1);
  CHECK(residue.why == "every family's last race on this box measured the code it has now; stale_binary: the message");

  // --all keeps nothing.
  auto all = basis();
  all.all = true;
  mint::race_plan everything;
  everything.families = {"alpha", "beta", "gamma"};
  everything.why = "the tune target races every family";
  mint::keep_unchanged(everything, m, &doc, all, fixture, "");
  CHECK(everything.families.size() == 3);
  CHECK(everything.kept.empty());
  CHECK(everything.why == "--all / TUNE_ALL races every family");
}

TEST_CASE("--only-new: a row is new unless its last race has a result of the code it has now") {
  auto f = dot();
  for (const char* suffix : {"u4", "u8", "u16", "u32"}) {
    f.rows.push_back(f.rows[0]);
    f.rows.back().suffix = suffix;
    f.rows.back().identity->code_sha256 = std::string("code-") + suffix;
  }
  auto table = last_race();
  table.rows["u4"].code_sha256 = "code-u4";  // failed at the gate with this code: measured
  table.rows["u4"].last_fail_reason = race::row_failure{"gate", "wrong output", ""};
  table.rows["u8"].code_sha256 = "code-u8";  // the same code as u2, which was timed: measured
  table.rows["u8"].same_code_as = "u2";
  table.rows["u16"].code_sha256 = "code-u16-before";  // its code changed since: new
  table.rows["u16"].median_ns = 5;
  // u32 is not in the table: new. u2's code changes below, and with it u8's measurement.
  CHECK(mint::new_rows(f, table) == std::vector<std::string>{"u16", "u32"});
  f.rows[1].identity->code_sha256 = "code-u2-edited";
  f.rows[3].identity->code_sha256 = "code-u2-edited";  // u8 = u2 still, but neither was measured so
  table.rows["u8"].code_sha256 = "code-u2-edited";
  CHECK(mint::new_rows(f, table) == std::vector<std::string>{"u2", "u8", "u16", "u32"});
  auto untimed = last_race();  // a row rejected without a failure (the budget, a requires=) is new
  untimed.rows["u2"] = race::race_row{};
  untimed.rows["u2"].code_sha256 = "code-u2";
  untimed.rows["u2"].rejected = "not timed: the budget ran out";
  CHECK(mint::new_rows(dot(), untimed) == std::vector<std::string>{"u2"});
}

TEST_CASE("--only-new races a family's new rows against its seat, fallback chain and reference") {
  manifest m;
  m.families = {dot("alpha"), dot("beta"), dot("gamma")};
  for (auto& f : m.families) {
    for (const char* suffix : {"u4", "u8"}) {
      f.rows.push_back(f.rows[0]);
      f.rows.back().suffix = suffix;
      f.rows.back().identity->code_sha256 = std::string("code-") + suffix;
    }
    f.fallback = {"u4", "u1"};
  }
  sidecar::document doc;
  doc.provenance.box = "box";
  for (const char* name : {"alpha", "beta", "gamma"}) {
    doc.kernels[name] = "u2";
    doc.race[name] = last_race();
    for (const char* suffix : {"u4", "u8"}) {
      doc.race[name].rows[suffix].median_ns = 20;
      doc.race[name].rows[suffix].code_sha256 = std::string("code-") + suffix;
    }
  }
  m.families[1].rows.push_back(m.families[1].rows[0]);  // beta gets a new row u16
  m.families[1].rows.back().suffix = "u16";
  m.families[1].rows.back().identity->code_sha256 = "code-u16";
  m.families[2].rows[3].identity->code_sha256 = "code-u8-edited";  // gamma's u8 changed
  const mint::fixture_identity fixture = [](const family_decl& f) {
    return std::optional<std::string>(f.name == "gamma" ? "fx-edited" : "fx");
  };
  const mint::fixture_identity same_fixture = [](const family_decl&) { return std::optional<std::string>("fx"); };

  mint::race_plan plan;
  plan.families = {"alpha", "beta", "gamma"};
  mint::keep_unchanged(plan, m, &doc, basis(), same_fixture, "");
  CHECK(plan.families == std::vector<std::string>{"beta", "gamma"});
  mint::race_only_new(plan, m, &doc, basis(), same_fixture);
  // beta: u16 against the seat u2, the chain u4, u1 and the reference u1; u8 keeps its result.
  CHECK(plan.only_rows.at("beta") == std::vector<std::string>{"u1", "u2", "u4", "u16"});
  CHECK(plan.new_rows.at("beta") == std::vector<std::string>{"u16"});
  CHECK(plan.only_rows.at("gamma") == std::vector<std::string>{"u1", "u2", "u4", "u8"});

  // A changed fixture voids every result of the family: raced whole.
  mint::race_plan fixture_changed;
  fixture_changed.families = {"beta", "gamma"};
  mint::race_only_new(fixture_changed, m, &doc, basis(), fixture);
  CHECK(fixture_changed.only_rows.count("gamma") == 0);
  CHECK(fixture_changed.only_rows.count("beta") == 1);

  // So does another tool, a family with no seat, and a scope with a reason to race everything.
  auto other_tool = doc;
  other_tool.race["beta"].tool = "cmake-tune 0.0.9";
  other_tool.kernels.erase("gamma");
  mint::race_plan whole;
  whole.families = {"beta", "gamma"};
  mint::race_only_new(whole, m, &other_tool, basis(), same_fixture);
  CHECK(whole.only_rows.empty());
  mint::race_plan foreign;
  foreign.families = {"beta", "gamma"};
  mint::race_only_new(foreign, m, &doc, basis(sidecar::verdict::foreign_box), same_fixture);
  CHECK(foreign.only_rows.empty());
}

TEST_CASE("--only-new races whole a family whose seat changed or that has companions") {
  manifest m;
  m.families = {dot("alpha")};
  auto& f = m.families[0];
  f.rows.push_back(f.rows[0]);
  f.rows.back().suffix = "u4";
  f.rows.back().identity->code_sha256 = "code-u4";  // new
  sidecar::document doc;
  doc.provenance.box = "box";
  doc.kernels["alpha"] = "u2";
  doc.race["alpha"] = last_race();
  doc.race["alpha"].rows["u8"].code_sha256 = "code-u8";  // u8 was u2's code; u8 is gone now
  doc.race["alpha"].rows["u8"].same_code_as = "u2";
  const mint::fixture_identity fixture = [](const family_decl&) { return std::optional<std::string>("fx"); };
  mint::race_plan plan;
  plan.families = {"alpha"};
  mint::race_only_new(plan, m, &doc, basis(), fixture);
  CHECK(plan.only_rows.at("alpha") == std::vector<std::string>{"u1", "u2", "u4"});

  auto seat_changed = m;
  seat_changed.families[0].rows[1].identity->code_sha256 = "code-u2-edited";
  mint::race_plan whole;
  whole.families = {"alpha"};
  mint::race_only_new(whole, seat_changed, &doc, basis(), fixture);
  CHECK(whole.only_rows.empty());

  auto with_companion = m;
  with_companion.families[0].companions.push_back({"layout", "int()"});
  mint::race_plan companions;
  companions.families = {"alpha"};
  mint::race_only_new(companions, with_companion, &doc, basis(), fixture);
  CHECK(companions.only_rows.empty());
}

TEST_CASE("--only-new: a row of the seat's code follows it into the race; failures need the same reference") {
  auto f = dot();
  for (const char* suffix : {"u4", "u8"}) {
    f.rows.push_back(f.rows[0]);
    f.rows.back().suffix = suffix;
    f.rows.back().identity->code_sha256 = std::string("code-") + suffix;
  }
  f.rows[3].identity->code_sha256 = "code-u2";  // u8 has u2's code
  auto table = last_race();
  table.rows["u4"].code_sha256 = "code-u4";
  table.rows["u4"].last_fail_reason = race::row_failure{"gate", "wrong output", ""};
  table.rows["u8"].code_sha256 = "code-u2";
  table.rows["u8"].same_code_as = "u2";
  CHECK(mint::new_rows(f, table).empty());
  auto new_reference = f;
  new_reference.rows[0].identity->code_sha256 = "code-u1-edited";  // u4's failure was against the old u1
  CHECK(mint::new_rows(new_reference, table) == std::vector<std::string>{"u1", "u4"});
  auto not_asked = table;  // an entry the last --only-new did not race is no result
  not_asked.rows["u4"] = race::race_row{};
  not_asked.rows["u4"].code_sha256 = "code-u4";
  not_asked.rows["u4"].rejected = race::not_asked_text;
  CHECK(mint::new_rows(f, not_asked) == std::vector<std::string>{"u4"});
  CHECK(mint::why_race_again(f, fx, &not_asked, basis()) == "row u4 was not raced");

  manifest m;
  m.families = {f};
  m.families[0].rows.push_back(f.rows[0]);
  m.families[0].rows.back().suffix = "u16";
  m.families[0].rows.back().identity->code_sha256 = "code-u16";
  sidecar::document doc;
  doc.provenance.box = "box";
  doc.kernels["dot"] = "u2";
  doc.race["dot"] = table;
  const mint::fixture_identity fixture = [](const family_decl&) { return std::optional<std::string>("fx"); };
  mint::race_plan plan;
  plan.families = {"dot"};
  mint::race_only_new(plan, m, &doc, basis(), fixture);
  CHECK(plan.only_rows.at("dot") == std::vector<std::string>{"u1", "u2", "u16", "u8"});
}

TEST_CASE("--only-new: rows not asked keep their last results, marked; a race that timed nothing keeps the last") {
  auto last = last_race();
  last.measured = "2026-12-01T10:00:00Z";
  last.rows["u4"].median_ns = 30;
  last.rows["u4"].code_sha256 = "code-u4";
  last.rows["u4"].carried_from = "2026-11-30T09:00:00Z";  // carried before: keeps its mark
  race::race_table now;
  now.winner = "u8";
  now.verdict = "won";
  now.note = "u8 beat u2";
  now.rows["u1"].median_ns = 11;
  now.rows["u2"].median_ns = 10;
  now.rows["u8"].median_ns = 5;
  now.rows["u4"].rejected = race::not_asked_text;
  const auto carried = mint::carry_results(now, last, {"u8"}, *last.measured);
  CHECK(carried.winner == "u8");
  CHECK(carried.rows.at("u4").median_ns == 30);
  CHECK(carried.rows.at("u4").carried_from == "2026-11-30T09:00:00Z");
  CHECK_FALSE(carried.rows.at("u2").carried_from);

  race::race_table nothing;  // the new row failed the gate; the seat alone could run, untimed
  nothing.winner = "u2";
  nothing.verdict = "only";
  nothing.note = "only runnable row; nothing to race";
  nothing.rows["u2"] = race::race_row{};
  nothing.rows["u1"].rejected = race::not_asked_text;
  nothing.rows["u8"].rejected = "failed the gate";
  nothing.rows["u8"].last_fail_reason = race::row_failure{"gate", "wrong output", ""};
  const auto kept = mint::carry_results(nothing, last, {"u8"}, *last.measured);
  CHECK(kept.winner == "u2");
  CHECK(kept.verdict == "won");
  CHECK(kept.rows.at("u2").median_ns == 10);
  CHECK(kept.rows.at("u2").carried_from == "2026-12-01T10:00:00Z");
  CHECK(kept.rows.at("u8").last_fail_reason->stage == "gate");
  CHECK(kept.rows.count("u4") == 0);  // not in the family any more
  CHECK(kept.note.find("--only-new timed no row") == 0);
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
