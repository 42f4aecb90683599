// The stamp order: fresh sidecar entry (runnable here) → fallback chain → reference.
#include <doctest/doctest.h>

#include "stamp/seat.h"

using tune::stamp::choose_seat;
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
  const auto s = choose_seat(dot(), in);
  CHECK(s.suffix == "u4_avx2");
  CHECK(s.from == source::fallback);
  REQUIRE(s.steps.size() == 3);
  CHECK(s.steps[0] == "sidecar: not used (no sidecar at /x.tune.json)");
  CHECK(s.steps[1].find("u4_avx512 cannot run here") != std::string::npos);
}

TEST_CASE("a fresh sidecar's runnable entry wins, with its margin") {
  const nlohmann::json doc = {{"kernels", {{"dot", "u4_base"}}}, {"race", {{"dot", {{"margin_pct", 12.5}}}}}};
  seat_inputs in;
  in.features = avx2_box;
  in.fresh_sidecar = &doc;
  const auto s = choose_seat(dot(), in);
  CHECK(s.suffix == "u4_base");
  CHECK(s.from == source::sidecar);
  CHECK(s.margin_pct == doctest::Approx(12.5));
}

TEST_CASE("a sidecar seat this box cannot run is never stamped") {
  const nlohmann::json doc = {{"kernels", {{"dot", "u4_avx512"}}}};
  seat_inputs in;
  in.features = avx2_box;
  in.fresh_sidecar = &doc;
  const auto s = choose_seat(dot(), in);
  CHECK(s.suffix == "u4_avx2");
  CHECK(s.from == source::fallback);
}

TEST_CASE("`reference` in the sidecar and TUNE_POLICY=reference force the reference row") {
  const nlohmann::json doc = {{"kernels", {{"dot", "reference"}}}};
  seat_inputs in;
  in.features = avx2_box;
  in.fresh_sidecar = &doc;
  CHECK(choose_seat(dot(), in).suffix == "u1_base");
  seat_inputs forced;
  forced.force_reference = true;
  CHECK(choose_seat(dot(), forced).from == source::reference);
}

TEST_CASE("when no fallback row can run, the reference is stamped") {
  seat_inputs in;  // a box with no features at all
  auto f = dot();
  f.fallback = {"u4_avx2"};
  const auto s = choose_seat(f, in);
  CHECK(s.suffix == "u1_base");
  CHECK(s.from == source::reference);
}
