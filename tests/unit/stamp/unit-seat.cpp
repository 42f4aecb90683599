// The stamp order: fresh sidecar entry (runnable here) → fallback chain → reference.
#include <doctest/doctest.h>

#include "stamp/seat.h"
#include "sidecar_document.h"

using tune::stamp::resolve_seat;
using tune::stamp::seat_inputs;
using tune::stamp::source;

namespace {
tune::family_decl dot() {
  tune::family_decl f;
  f.name = "dot";
  f.reference = "u1_base";
  f.fallback = {"u4_avx512", "u4_avx2", "u4_base"};
  f.rows = {{"u1_base", "", "", {}, {}},
            {"u4_base", "", "", {}, {}},
            {"u4_avx2", "", "avx2,fma,bmi2,f16c", {}, {}},
            {"u4_avx512", "", "avx512f,avx512bw,avx512cd,avx512dq,avx512vl", {}, {}}};
  return f;
}
const tune::box::feature_set avx2_box{"sse4.2", "avx", "avx2", "fma", "bmi2", "f16c"};
}  // namespace

TEST_CASE("without a fresh sidecar the first runnable row of the fallback chain is stamped") {
  seat_inputs in;
  in.features = avx2_box;
  in.sidecar_reason = "no sidecar at /x.tune.json";
  const auto s = resolve_seat(dot(), in);
  CHECK(s.suffix == "u4_avx2");
  CHECK(s.from == source::fallback);
  REQUIRE(s.steps.size() == 3);
  CHECK(s.steps[0] == "sidecar: not used (no sidecar at /x.tune.json)");
  CHECK(s.steps[1].find("u4_avx512 cannot run here") != std::string::npos);
}

TEST_CASE("a fresh sidecar's runnable entry wins, with its margin") {
  const auto doc = tune::test::sidecar_document(
      {{"kernels", {{"dot", "u4_base"}}},
       {"race", {{"dot", {{"winner", "u4_base"}, {"verdict", "won"}, {"margin_pct", 12.5}}}}}});
  seat_inputs in;
  in.features = avx2_box;
  in.fresh_sidecar = &doc;
  const auto s = resolve_seat(dot(), in);
  CHECK(s.suffix == "u4_base");
  CHECK(s.from == source::sidecar);
  CHECK(s.margin_pct == doctest::Approx(12.5));
}

TEST_CASE("a seat whose row was demoted has no margin; the demoted row keeps its own") {
  const auto doc = tune::test::sidecar_document({{"kernels", {{"dot", "u4_avx2"}}},
                                                 {"race",
                                                  {{"dot",
                                                    {{"winner", "u4_avx2"},
                                                     {"fallback", "u4_avx2"},
                                                     {"verdict", "demoted"},
                                                     {"margin_pct", 17.0},
                                                     {"demoted", "u4_base"},
                                                     {"demoted_margin_pct", 1.5}}}}}});
  seat_inputs in;
  in.features = avx2_box;
  in.fresh_sidecar = &doc;
  const auto s = resolve_seat(dot(), in);
  CHECK(s.suffix == "u4_avx2");
  CHECK_FALSE(s.margin_pct.has_value());  // even a sidecar that records one (written before demotions dropped it)
  CHECK(s.demoted == "u4_base");
  CHECK(s.demoted_margin_pct == doctest::Approx(1.5));
}

TEST_CASE("a sidecar seat this box cannot run is never stamped") {
  const auto doc = tune::test::sidecar_document({{"kernels", {{"dot", "u4_avx512"}}}});
  seat_inputs in;
  in.features = avx2_box;
  in.fresh_sidecar = &doc;
  const auto s = resolve_seat(dot(), in);
  CHECK(s.suffix == "u4_avx2");
  CHECK(s.from == source::fallback);
}

TEST_CASE("`reference` in the sidecar and TUNE_POLICY=reference force the reference row") {
  const auto doc = tune::test::sidecar_document({{"kernels", {{"dot", "reference"}}}});
  seat_inputs in;
  in.features = avx2_box;
  in.fresh_sidecar = &doc;
  CHECK(resolve_seat(dot(), in).suffix == "u1_base");
  seat_inputs forced;
  forced.force_reference = true;
  CHECK(resolve_seat(dot(), forced).from == source::reference);
}

TEST_CASE("when no fallback row can run, the reference is stamped") {
  seat_inputs in;  // a box with no features at all
  auto f = dot();
  f.fallback = {"u4_avx2"};
  const auto s = resolve_seat(f, in);
  CHECK(s.suffix == "u1_base");
  CHECK(s.from == source::reference);
}

namespace {
tune::family_decl dot_with_layout() {
  auto f = dot();
  f.companions = {{"layout", "int()"}};
  return f;
}
}  // namespace

TEST_CASE("a companion follows the family's seat when it has no entry of its own") {
  const auto doc =
      tune::test::sidecar_document({{"kernels", {{"dot", "u4_avx2"}}}, {"race", {{"dot", {{"margin_pct", 9.0}}}}}});
  seat_inputs in;
  in.features = avx2_box;
  in.fresh_sidecar = &doc;
  const auto s = resolve_seat(dot_with_layout(), in);
  REQUIRE(s.companions.size() == 1);
  CHECK(s.companions[0].name == "layout");
  CHECK(s.companions[0].suffix == "u4_avx2");
  CHECK_FALSE(s.companions[0].own_entry);
  CHECK(s.steps.back() == "companion layout: u4_avx2 (follows the family: no entry of its own)");

  seat_inputs stale;
  stale.features = avx2_box;
  stale.sidecar_reason = "stale";
  const auto f = resolve_seat(dot_with_layout(), stale);
  CHECK(f.companions[0].suffix == "u4_avx2");
  CHECK(f.companions[0].step == "companion layout: u4_avx2 (follows the family, whose seat is not the sidecar's)");
}

TEST_CASE("a companion's own entry counts only when the family's race measured it within the grid") {
  seat_inputs in;
  in.features = avx2_box;
  const auto measured = tune::test::sidecar_document(
      {{"kernels", {{"dot", "u4_avx2"}, {"layout", "u4_base"}}},
       {"race", {{"dot", {{"winner", "u4_avx2"}, {"companions", {{"layout", "u4_base"}}}}}}}});
  in.fresh_sidecar = &measured;
  auto s = resolve_seat(dot_with_layout(), in);
  CHECK(s.suffix == "u4_avx2");
  CHECK(s.companions[0].suffix == "u4_base");
  CHECK(s.companions[0].own_entry);

  // Left over from an older race: the family's current race table does not list it.
  const auto leftover = tune::test::sidecar_document(
      {{"kernels", {{"dot", "u4_avx2"}, {"layout", "u4_base"}}}, {"race", {{"dot", {{"winner", "u4_avx2"}}}}}});
  in.fresh_sidecar = &leftover;
  s = resolve_seat(dot_with_layout(), in);
  CHECK(s.companions[0].suffix == "u4_avx2");
  CHECK_FALSE(s.companions[0].own_entry);

  // Its own entry names a row this box cannot run: it follows the family.
  const auto unrunnable = tune::test::sidecar_document(
      {{"kernels", {{"dot", "u4_avx2"}, {"layout", "u4_avx512"}}},
       {"race", {{"dot", {{"winner", "u4_avx2"}, {"companions", {{"layout", "u4_avx512"}}}}}}}});
  in.fresh_sidecar = &unrunnable;
  s = resolve_seat(dot_with_layout(), in);
  CHECK(s.companions[0].suffix == "u4_avx2");
  CHECK(s.companions[0].step.find("its entry u4_avx512 cannot run here") != std::string::npos);

  // Not a row of the family's grid.
  const auto foreign = tune::test::sidecar_document(
      {{"kernels", {{"dot", "u4_avx2"}, {"layout", "u8_avx2"}}},
       {"race", {{"dot", {{"winner", "u4_avx2"}, {"companions", {{"layout", "u8_avx2"}}}}}}}});
  in.fresh_sidecar = &foreign;
  s = resolve_seat(dot_with_layout(), in);
  CHECK(s.companions[0].suffix == "u4_avx2");
  CHECK(s.companions[0].step ==
        "companion layout: u4_avx2 (follows the family: its entry 'u8_avx2' is no row of "
        "the family)");

  // TUNE_POLICY=reference: everything stamps the reference.
  in.fresh_sidecar = &measured;
  in.force_reference = true;
  s = resolve_seat(dot_with_layout(), in);
  CHECK(s.companions[0].suffix == "u1_base");
}
