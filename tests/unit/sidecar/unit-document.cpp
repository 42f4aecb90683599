#include <doctest/doctest.h>

#include "sidecar/document.h"
#include "sidecar/format.h"

using namespace tune;
using nlohmann::json;

namespace {

// A sidecar as a later version might write it: every record carries a member this one does not name.
json with_foreign_members() {
  return {{"format", "tune-sidecar/1"},
          {"kernels", {{"dot", "u4"}, {"dot_inv", "u1"}}},
          {"race",
           {{"dot",
             {{"winner", "u4"},
              {"fallback", "u1"},
              {"verdict", "won"},
              {"margin_pct", 9.5},
              {"counters", "later"},
              {"rows",
               {{"u4", {{"median_ns", 100}, {"rounds", 12}, {"cycles", 400}}},
                {"u8", {{"last_fail_reason", {{"stage", "crash"}, {"detail", "killed by SIGSEGV"}}}}}}},
              {"companion_races",
               {{"dot_inv",
                 {{"winner", "u1"},
                  {"verdict", "holds"},
                  {"rows", {{"u2", {{"last_fail_reason", {{"stage", "gate"}, {"detail", "off by 3 ulp"}}}}}}}}}}}}}}},
          {"runtime", {{"app", {{"plan", "threads=2"}}}}},
          {"scopes",
           {{"s",
             {{"version", 3},
              {"bench", {{"path", "/b/bench"}, {"mtime_ns", 7}, {"sha256", "ab"}, {"signed_by", "ci"}}},
              {"complete", true},
              {"families", {"dot"}},
              {"owner", "team"}}}}},
          {"provenance",
           {{"box", "here"},
            {"class", "x86-avx2"},
            {"features", "avx2;fma"},
            {"mint_ms", 12.5},
            {"telemetry", json::object()}}},
          {"notes", "kept"}};
}

}  // namespace

TEST_CASE("a document read and written back keeps every member it does not name, at every level") {
  const json in = with_foreign_members();
  REQUIRE_FALSE(sidecar::shape_error(in));
  const json out = in.get<sidecar::document>();
  CHECK_FALSE(sidecar::shape_error(out));
  CHECK(out["notes"] == "kept");
  CHECK(out["runtime"] == in["runtime"]);
  CHECK(out["provenance"]["mint_ms"] == 12.5);
  CHECK(out["provenance"]["telemetry"] == json::object());
  CHECK(out["scopes"]["s"]["owner"] == "team");
  CHECK(out["scopes"]["s"]["bench"]["signed_by"] == "ci");
  CHECK(out["race"]["dot"]["counters"] == "later");
  CHECK(out["race"]["dot"]["rows"]["u4"]["cycles"] == 400);
  CHECK(out["kernels"] == in["kernels"]);
  // What this version writes, it reads back to the same text.
  CHECK(json(out.get<sidecar::document>()).dump() == out.dump());
}

TEST_CASE("a document's typed members are read from their keys") {
  const auto doc = with_foreign_members().get<sidecar::document>();
  REQUIRE(doc.seat_of("dot"));
  CHECK(*doc.seat_of("dot") == "u4");
  CHECK_FALSE(doc.seat_of("gemm"));
  REQUIRE(doc.race_of("dot"));
  CHECK(doc.race_of("dot")->margin_pct == doctest::Approx(9.5));
  REQUIRE(doc.scope("s"));
  CHECK(doc.scope("s")->lists("dot"));
  CHECK_FALSE(doc.scope("s")->lists("gemm"));
  CHECK_FALSE(doc.scope("s")->bench.code_sha256);
  CHECK(doc.provenance.cls == "x86-avx2");
  CHECK(doc.provenance.features == "avx2;fma");
  CHECK_FALSE(doc.provenance.applied_box);
  CHECK(doc.measured_for("here"));
  CHECK_FALSE(doc.measured_for("there"));
  auto adopted = doc;
  adopted.provenance.applied_box = "there";
  CHECK(adopted.measured_for("there"));
}

TEST_CASE("the failed rows of a family and of its companions, by function and suffix") {
  const auto doc = with_foreign_members().get<sidecar::document>();
  const auto failed = sidecar::failed_rows(doc, "dot");
  REQUIRE(failed.size() == 2);
  CHECK(failed.at("dot__u8").stage == "crash");
  CHECK(failed.at("dot__u8").detail == "killed by SIGSEGV");
  CHECK(failed.at("dot_inv__u2").stage == "gate");
  CHECK(sidecar::failed_rows(doc, "gemm").empty());
}

TEST_CASE("a mint's provenance, typed, writes the members a mint records and reads back the same") {
  sidecar::provenance_record p;
  p.cls = "x86-avx2";
  p.features = "avx2;fma";
  p.forced_features = "";
  p.compiler = "GNU 12.2.0";
  p.noise = "ok";
  p.noise_probes = "start 0.3%; end 0.9%";
  p.noise_floor_pct = 0.9;
  p.validation = "ok";
  p.mint_ms = 41230;
  p.lock_wait_s = 0;
  p.telemetry = json{{"before", {{"load", 0.5}}}};
  p.build_wait = sidecar::build_wait_record{1.5, 2};
  const json out = p;
  CHECK(out == json{{"class", "x86-avx2"},
                    {"features", "avx2;fma"},
                    {"forced_features", ""},
                    {"compiler", "GNU 12.2.0"},
                    {"noise", "ok"},
                    {"noise_probes", "start 0.3%; end 0.9%"},
                    {"noise_floor_pct", 0.9},
                    {"validation", "ok"},
                    {"mint_ms", 41230},
                    {"lock_wait_s", 0},
                    {"telemetry", {{"before", {{"load", 0.5}}}}},
                    {"build_wait", {{"waited_s", 1.5}, {"measured_beside_jobs", 2}}}});
  const auto back = out.get<sidecar::provenance_record>();
  CHECK(back.mint_ms == 41230);
  CHECK(back.build_wait->measured_beside_jobs == 2);
  CHECK(back.other == json::object());
  CHECK(json(back) == out);
}

TEST_CASE("a provenance member of another type than this version writes reads as absent") {
  const auto p = json{{"box", "here"}, {"mint_ms", "slow"}, {"build_wait", 3}}.get<sidecar::provenance_record>();
  CHECK_FALSE(p.mint_ms);
  CHECK_FALSE(p.build_wait);
  CHECK(json(p) == json{{"box", "here"}});
}
