// What a family runs and why is said in five places — the stamp header's comment, the program's
// tune::status() (the header's registration), `tune status`, `tune explain` and the mint's
// summary — and they must agree (stamp/describe.h). One table of every stamp source and race
// outcome, each seat through all five.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "mint/summary.h"
#include "stamp/describe.h"
#include "stamp/header.h"
#include "stamp/record.h"
#include "stamp/seat.h"
#include "stamp/signature.h"
#include "sidecar_document.h"

using namespace tune::stamp;

namespace {

tune::family_decl described_dot() {
  tune::family_decl f;
  f.name = "dot";
  f.signature = "float(const float* a, std::size_t n)";
  f.reference = "u1_base";
  f.fallback = {"u4_base"};
  for (const char* suffix : {"u1_base", "u4_base", "u8_base", "u8_avx2"}) {
    tune::row_decl r;
    r.suffix = suffix;
    f.rows.push_back(r);
  }
  f.companions = {{"dot_layout", "float(const float* a, std::size_t n)"}};
  return f;
}

nlohmann::json sidecar_with(const std::string& seat, const nlohmann::json& race) {
  return {{"kernels", {{"dot", seat}}}, {"race", {{"dot", race}}}};
}

struct stamp_case {
  const char* name;
  nlohmann::json sidecar;  // null: none fresh
  bool force_reference = false;
  bool profile = false;
  std::string suffix;  // what the family runs
  std::string why;     // and why, in every output
};

std::vector<stamp_case> cases() {
  return {
      {"a row won the race",
       sidecar_with("u8_avx2",
                    {{"winner", "u8_avx2"}, {"fallback", "u4_base"}, {"verdict", "won"}, {"margin_pct", 7.24}}),
       false, false, "u8_avx2", "sidecar, +7.2% over u4_base"},
      // The fallback keeps its seat after the re-race demoted the winner: no margin, the demoted row's beside it.
      {"the winner was demoted",
       sidecar_with("u4_base", {{"winner", "u4_base"},
                                {"fallback", "u4_base"},
                                {"verdict", "demoted"},
                                {"margin_pct", nullptr},
                                {"demoted", "u8_avx2"},
                                {"demoted_margin_pct", -34.5}}),
       false, false, "u4_base", "sidecar, no margin: u8_avx2 was demoted at -34.5%"},
      {"a sidecar written before demotions dropped the margin",
       sidecar_with("u4_base", {{"winner", "u4_base"},
                                {"fallback", "u4_base"},
                                {"verdict", "demoted"},
                                {"margin_pct", 17.0},
                                {"demoted", "u8_avx2"}}),
       false, false, "u4_base", "sidecar, no margin: u8_avx2 was demoted"},
      {"the fallback holds",
       sidecar_with("u4_base", {{"winner", "u4_base"}, {"fallback", "u4_base"}, {"verdict", "holds"}}), false, false,
       "u4_base", "sidecar, no row beat it"},
      {"a tie", sidecar_with("u8_base", {{"winner", "u8_base"}, {"fallback", "u4_base"}, {"verdict", "tie"}}), false,
       false, "u8_base", "sidecar, a tie: no row beat it by the need"},
      {"out of budget",
       sidecar_with("u4_base", {{"winner", "u4_base"}, {"fallback", "u4_base"}, {"verdict", "budget"}}), false, false,
       "u4_base", "sidecar, budget: not raced"},
      {"adopted from a profile",
       sidecar_with("u8_base", {{"winner", "u8_base"}, {"verdict", "adopted"}, {"profile", "x86-avx2"}}), false, false,
       "u8_base", "sidecar, adopted from profile x86-avx2"},
      {"the sidecar names a row the family does not have", sidecar_with("u16_base", {{"verdict", "won"}}), false, false,
       "u4_base", "fallback; the sidecar seats it on row 'u16_base', which the family does not have"},
      // A name the file made up is shown bounded: a megabyte of it must not reach every output.
      {"the sidecar names a row by a name too long to show", sidecar_with(std::string(5000, 'x'), {{"verdict", "won"}}),
       false, false, "u4_base",
       "fallback; the sidecar seats it on row '" + std::string(64, 'x') + "...', which the family does not have"},
      {"the sidecar forces the reference", sidecar_with("reference", nlohmann::json::object()), false, false, "u1_base",
       "reference"},
      {"no sidecar: a profile", nullptr, false, true, "u8_base", "profile x86-avx2"},
      {"no sidecar, no profile: the fallback", nullptr, false, false, "u4_base", "fallback"},
      {"TUNE_POLICY=reference", nullptr, true, false, "u1_base", "reference"},
  };
}

// dot's seat in a case: its sidecar (fresh when it has one), an x86-avx2 profile when it has one,
// its policy.
seat resolve_case(const stamp_case& c) {
  std::vector<tune::profile::profile> ladder(1);
  ladder[0].scope = "s";
  ladder[0].cls = "x86-avx2";
  ladder[0].kernels = {{"dot", "u8_base"}};
  seat_inputs in;
  std::optional<tune::sidecar::document> fresh;
  if (!c.sidecar.is_null()) in.fresh_sidecar = &fresh.emplace(tune::test::sidecar_document(c.sidecar));
  in.sidecar_reason = "no sidecar";
  in.force_reference = c.force_reference;
  if (c.profile) in.profiles = &ladder;
  return resolve_seat(described_dot(), in);
}

}  // namespace

TEST_CASE("every output that says what a family runs says it in the same words") {
  const auto family = described_dot();
  const auto sig = parse_signature(family.signature);
  const std::vector<signature> companion_sigs = {parse_signature(family.companions[0].signature)};
  for (const auto& c : cases()) {
    CAPTURE(c.name);
    const seat s = resolve_case(c);
    CHECK(s.suffix == c.suffix);
    CHECK(why(s) == c.why);

    // 1. The stamp header's comment, and 2. the program's tune::status() row it registers: where the
    // row came from, never what a race measured (that would rewrite the header on every re-mint).
    const auto header = render_header("dot", sig, s, "", "cmake --build /b --target tune-s", companion_sigs);
    CHECK(c.why.rfind(stamped_why(s), 0) == 0);
    CHECK(header.find("// generated by cmake-tune: dot = " + c.suffix + " (source: " + stamped_why(s) + ")\n") == 0);
    CHECK(header.find("register_family({\"dot\", \"" + c.suffix + "\", ") != std::string::npos);
    CHECK(header.find(", \"" + stamped_why(s) + "\", \"\"});") != std::string::npos);
    CHECK(header.find('%') == std::string::npos);
    // 3. `tune status`, from the stamp record, and 4. `tune explain`.
    const auto typed = entry_of(s);
    const nlohmann::json entry = typed;
    CHECK(entry["why"] == c.why);
    CHECK(status_row("s", "dot", &typed, "fresh", "2026-12-01T00:00:00Z") ==
          "s            dot                  " + c.suffix + std::string(24 - c.suffix.size() + 1, ' ') +
              "fresh        " + (s.from == source::sidecar ? "2026-12-01T00:00:00Z" : "-                   ") + "  " +
              "-" + std::string(25, ' ') + "  " + c.why + "\n");
    CHECK(explain_line(entry_of(s), "fresh", "auto") ==
          "stamped: " + c.suffix + " (source: " + c.why + "); scope verdict fresh, policy auto");
    // 5. The mint's summary.
    scope_stamp stamped;
    stamped.seats = {{"dot", s}};
    const auto summary = tune::mint::summary_lines(stamped, nullptr);
    CHECK(summary.find("  dot                      " + c.suffix) == 0);
    CHECK(summary.find(c.why + "\n") != std::string::npos);
    // A demoted seat's margin is nowhere: not in any text.
    if (!s.margin_pct) CHECK(margin_text(s) == "-");
  }
}

TEST_CASE("a seat measured here shows its time and rate, from one record, wherever a time is shown") {
  const nlohmann::json rows = {{"u8_avx2", {{"median_ns", 41.3}, {"best_ns", 40.0}, {"rounds", 20}}},
                               {"u4_base", {{"median_ns", 80.0}, {"best_ns", 79.0}, {"rounds", 20}}}};
  // The seat a fresh sidecar with `race` as dot's race table gives.
  const auto seat_for = [](const nlohmann::json& race) {
    const auto doc = tune::test::sidecar_document(sidecar_with("u8_avx2", race));
    seat_inputs in;
    in.fresh_sidecar = &doc;
    return resolve_seat(described_dot(), in);
  };
  nlohmann::json race = {{"winner", "u8_avx2"}, {"fallback", "u4_base"}, {"verdict", "won"},
                         {"margin_pct", 93.7},  {"rows", rows},          {"work", {{"amount", 128}, {"unit", "flop"}}}};
  SUBCASE("with work: time and rate") {
    const seat s = seat_for(race);
    CHECK(s.median_ns == 41.3);
    CHECK(s.rate == "3.10 GFLOP/s");
    CHECK(time_text(s.median_ns, s.rate) == "41.3 ns, 3.10 GFLOP/s");
    const auto entry = entry_of(s);
    CHECK(
        status_row("s", "dot", &entry, "fresh", "2026-12-01T00:00:00Z").find("  41.3 ns, 3.10 GFLOP/s       sidecar") !=
        std::string::npos);
    scope_stamp stamped;
    stamped.seats = {{"dot", s}};
    CHECK(tune::mint::summary_lines(stamped, nullptr).find(" 41.3 ns, 3.10 GFLOP/s      sidecar, +93.7%") !=
          std::string::npos);
    stamp_record record;
    record.families["dot"] = entry;
    const auto back = parse_stamp_record(nlohmann::json(record), "stamp.json").families.at("dot");
    CHECK(back.median_ns == 41.3);
    CHECK(back.rate == "3.10 GFLOP/s");
  }
  SUBCASE("without work: the time alone") {
    race.erase("work");
    const seat s = seat_for(race);
    CHECK_FALSE(s.rate);
    CHECK(time_text(s.median_ns, s.rate) == "41.3 ns");
  }
  SUBCASE("adopted: another box's times are not this box's") {
    const seat s = seat_for({{"winner", "u8_avx2"}, {"verdict", "adopted"}, {"profile", "x86-avx2"}, {"rows", rows}});
    CHECK_FALSE(s.median_ns);
    CHECK(time_text(s.median_ns, s.rate) == "-");
  }
}

TEST_CASE("only a winner this box measured counts as measured here, and the stamp record keeps it") {
  // What `tune status --check` gates on: an adopted seat, a fallback the BUDGET left, a profile
  // seat, the fallback and the reference are not.
  const std::vector<std::string> measured = {"a row won the race", "the winner was demoted",
                                             "a sidecar written before demotions dropped the margin",
                                             "the fallback holds", "a tie"};
  for (const auto& c : cases()) {
    CAPTURE(c.name);
    const bool expected = std::find(measured.begin(), measured.end(), c.name) != measured.end();
    stamp_record record;
    record.families["dot"] = entry_of(resolve_case(c));
    CHECK(record.families["dot"].measured_here == expected);
    nlohmann::json written = record;
    CHECK(parse_stamp_record(written, "stamp.json").families.at("dot").measured_here == expected);
    // A record stamped before the key existed: from the source and adoption alone.
    written["families"]["dot"].erase("measured_here");
    const bool budget = std::string(c.name) == "out of budget";
    CHECK(parse_stamp_record(written, "stamp.json").families.at("dot").measured_here == (expected || budget));
  }
}

TEST_CASE("companions are described beside their family, in the header, the record and the summary") {
  const auto family = described_dot();
  const auto doc = tune::test::sidecar_document({{"kernels", {{"dot", "u8_avx2"}, {"dot_layout", "u8_base"}}},
                                                 {"race",
                                                  {{"dot",
                                                    {{"winner", "u8_avx2"},
                                                     {"fallback", "u4_base"},
                                                     {"verdict", "won"},
                                                     {"margin_pct", 7.0},
                                                     {"companions", {{"dot_layout", "u8_base"}}}}}}}});
  seat_inputs in;
  in.fresh_sidecar = &doc;
  const seat s = resolve_seat(family, in);
  REQUIRE(s.companions.size() == 1);
  CHECK(companion_why(s.companions[0]) == "u8_base (its own sidecar entry)");
  const auto header = render_header("dot", parse_signature(family.signature), s, "", "c",
                                    {parse_signature(family.companions[0].signature)});
  CHECK(header.find("// companion dot_layout = u8_base (its own sidecar entry)\n") != std::string::npos);
  CHECK(nlohmann::json(entry_of(s))["companions"]["dot_layout"]["why"] == "u8_base (its own sidecar entry)");
  scope_stamp stamped;
  stamped.seats = {{"dot", s}};
  CHECK(tune::mint::summary_lines(stamped, nullptr)
            .find("    companion dot_layout     u8_base (its own sidecar entry)\n") != std::string::npos);
}

TEST_CASE("a seat's problem is a warning naming the family, the problem and what runs instead") {
  const auto doc = tune::test::sidecar_document(sidecar_with("u16_base", {{"verdict", "won"}}));
  seat_inputs in;
  in.fresh_sidecar = &doc;
  scope_stamp stamped;
  stamped.seats = {{"dot", resolve_seat(described_dot(), in)}};
  CHECK(tune::mint::problem_lines("s", stamped) ==
        "warning: cmake-tune: scope s, family dot: the sidecar seats it on row 'u16_base', which the family does not "
        "have; it runs u4_base (fallback).\n");
}

TEST_CASE("a grid that collapsed is said in the summary: each raced code with its rows of the same code") {
  const auto doc =
      tune::test::sidecar_document(sidecar_with("u4_base", {{"winner", "u4_base"},
                                                            {"fallback", "u4_base"},
                                                            {"verdict", "holds"},
                                                            {"rows",
                                                             {{"u4_base", {{"median_ns", 40.0}}},
                                                              {"u4_sse42", {{"same_code_as", "u4_base"}}},
                                                              {"u8_base", {{"median_ns", 50.0}}},
                                                              {"u8_sse42", {{"same_code_as", "u8_base"}}},
                                                              {"u8_avx2", {{"same_code_as", "u8_base"}}},
                                                              {"u1_base", {{"rejected", "requires avx512f"}}}}}}));
  seat_inputs in;
  in.fresh_sidecar = &doc;
  scope_stamp stamped;
  stamped.seats = {{"dot", resolve_seat(described_dot(), in)}};
  CHECK(tune::mint::summary_lines(stamped, &doc)
            .find("    same code, raced once: u4_base = u4_sse42; u8_base = u8_avx2 = u8_sse42 (3 of 6 rows)\n") !=
        std::string::npos);
  const auto plain =
      tune::test::sidecar_document(sidecar_with("u4_base", {{"winner", "u4_base"}, {"verdict", "holds"}}));
  in.fresh_sidecar = &plain;
  stamped.seats = {{"dot", resolve_seat(described_dot(), in)}};
  CHECK(tune::mint::summary_lines(stamped, &plain).find("same code") == std::string::npos);
}
