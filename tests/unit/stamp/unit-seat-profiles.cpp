// The stamp order's profile step: sidecar → profile ladder → fallback → reference, with the
// runnable-here check on every seat.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "profile/ladder.h"
#include "stamp/header.h"
#include "stamp/seat.h"
#include "sidecar_document.h"

using tune::stamp::resolve_seat;
using tune::stamp::seat_inputs;
using tune::stamp::source;

namespace {
tune::family_decl profiled_dot() {
  tune::family_decl f;
  f.name = "dot";
  f.reference = "u1_base";
  f.fallback = {"u4_avx2", "u4_base"};
  f.rows = {{"u1_base", "", "", {}, {}},
            {"u4_base", "", "", {}, {}},
            {"u8_base", "", "", {}, {}},
            {"u4_avx2", "", "avx2,fma,bmi2,f16c", {}, {}},
            {"u4_avx512", "", "avx512f,avx512bw,avx512cd,avx512dq,avx512vl", {}, {}}};
  return f;
}
const tune::box::feature_set profiled_avx2_box{"sse4.2", "avx", "avx2", "fma", "bmi2", "f16c"};

tune::profile::profile make(const std::string& cls, std::map<std::string, std::string> kernels) {
  tune::profile::profile p;
  p.scope = "s";
  p.cls = cls;
  p.kernels = std::move(kernels);
  return p;
}
}  // namespace

TEST_CASE("without a fresh sidecar the first profile on the ladder with a runnable entry is stamped") {
  const std::vector<tune::profile::profile> ladder = {make("x86-avx2", {{"dot", "u8_base"}}),
                                                      make("x86-base", {{"dot", "u4_base"}})};
  seat_inputs in;
  in.features = profiled_avx2_box;
  in.sidecar_reason = "no sidecar";
  in.profiles = &ladder;
  const auto s = resolve_seat(profiled_dot(), in);
  CHECK(s.suffix == "u8_base");
  CHECK(s.from == source::profile);
  CHECK(s.profile_class == "x86-avx2");
  CHECK(tune::stamp::source_text(s) == "profile x86-avx2");
  CHECK(s.steps.back() == "profile x86-avx2: u8_base (runnable here)");
}

TEST_CASE("a profile seat minted on a richer box that cannot run here falls to the next profile") {
  const std::vector<tune::profile::profile> ladder = {make("x86-avx2", {{"dot", "u4_avx512"}}),
                                                      make("x86-base", {{"dot", "u4_base"}})};
  seat_inputs in;
  in.features = profiled_avx2_box;
  in.profiles = &ladder;
  const auto s = resolve_seat(profiled_dot(), in);
  CHECK(s.suffix == "u4_base");
  CHECK(s.profile_class == "x86-base");
  CHECK(s.steps[1] ==
        "profile x86-avx2: row u4_avx512 cannot run here (requires avx512f: not on this box; requires avx512bw: "
        "not on this box; requires avx512cd: not on this box; requires avx512dq: not on this box; requires "
        "avx512vl: not on this box)");
}

TEST_CASE("with no runnable profile seat the fallback chain decides") {
  const std::vector<tune::profile::profile> ladder = {make("x86-avx2", {{"dot", "u4_avx512"}}),
                                                      make("x86-base", {{"other", "u4_base"}})};
  seat_inputs in;
  in.features = profiled_avx2_box;
  in.profiles = &ladder;
  const auto s = resolve_seat(profiled_dot(), in);
  CHECK(s.suffix == "u4_avx2");
  CHECK(s.from == source::fallback);
  CHECK(s.steps[2] == "profile x86-base: no entry for this family");
}

TEST_CASE("a profile entry that names no row of the family is passed over") {
  const std::vector<tune::profile::profile> ladder = {make("x86-avx2", {{"dot", "u16_base"}})};
  seat_inputs in;
  in.features = profiled_avx2_box;
  in.profiles = &ladder;
  const auto s = resolve_seat(profiled_dot(), in);
  CHECK(s.from == source::fallback);
  CHECK(s.steps[1] == "profile x86-avx2: entry 'u16_base' is no row of the family");
}

TEST_CASE("a profile's `reference` entry forces the reference row") {
  const std::vector<tune::profile::profile> ladder = {make("x86-avx2", {{"dot", "reference"}})};
  seat_inputs in;
  in.features = profiled_avx2_box;
  in.profiles = &ladder;
  const auto s = resolve_seat(profiled_dot(), in);
  CHECK(s.suffix == "u1_base");
  CHECK(s.from == source::reference);
}

TEST_CASE("a fresh sidecar's runnable entry outranks every profile") {
  const std::vector<tune::profile::profile> ladder = {make("x86-avx2", {{"dot", "u8_base"}})};
  const auto doc = tune::test::sidecar_document({{"kernels", {{"dot", "u4_base"}}}});
  seat_inputs in;
  in.features = profiled_avx2_box;
  in.fresh_sidecar = &doc;
  in.profiles = &ladder;
  CHECK(resolve_seat(profiled_dot(), in).from == source::sidecar);
}

TEST_CASE("a sidecar entry adopted from a profile says so in the header") {
  const auto doc = tune::test::sidecar_document(
      {{"kernels", {{"dot", "u8_base"}}},
       {"race", {{"dot", {{"verdict", "adopted"}, {"profile", "x86-avx2"}, {"winner", "u8_base"}}}}}});
  seat_inputs in;
  in.features = profiled_avx2_box;
  in.fresh_sidecar = &doc;
  const auto s = resolve_seat(profiled_dot(), in);
  CHECK(s.adopted_from == "x86-avx2");
  const auto header =
      tune::stamp::render_header("dot", {"float", "int n", {"n"}}, s, "", "cmake --build /b --target tune-s");
  CHECK(header.rfind("// generated by cmake-tune: dot = u8_base (source: sidecar, adopted from profile x86-avx2)\n",
                     0) == 0);
}

TEST_CASE("the header registers the family's status row") {
  const std::vector<tune::profile::profile> ladder = {make("x86-avx2", {{"dot", "u8_base"}})};
  seat_inputs in;
  in.features = profiled_avx2_box;
  in.profiles = &ladder;
  const auto header = tune::stamp::render_header("dot", {"float", "int n", {"n"}}, resolve_seat(profiled_dot(), in), "",
                                                 "cmake --build /b --target tune-s");
  CHECK(header.find("// generated by cmake-tune: dot = u8_base (source: profile x86-avx2)\n") == 0);
  CHECK(header.find(
            "inline const bool dot = ::tune::detail::register_family({\"dot\", \"u8_base\", \"profile x86-avx2\", "
            "\"cmake --build /b --target tune-s\", \"profile x86-avx2\", \"\"});") != std::string::npos);
}

// `tune explain` lists the stamp order's steps: the ladder must be walked in ladder order, naming
// every profile file it found, whatever it held.
TEST_CASE("the steps walk the ladder in ladder order and name every profile file found") {
  const auto dir = std::filesystem::temp_directory_path() / ("tune-ladder-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto write = [&](const std::string& cls, const std::string& scope, int version,
                         std::map<std::string, std::string> kernels) {
    auto p = make(cls, std::move(kernels));
    p.scope = scope;
    p.version = version;
    std::ofstream(tune::profile::profile_path(dir, cls)) << tune::profile::to_json(p).dump(2);
  };
  write("x86-vnni512", "s", 1, {{"other", "u4_base"}});  // usable, no entry for dot
  write("x86-avx512", "t", 1, {{"dot", "u8_base"}});     // another scope's
  write("x86-avx2", "s", 2, {{"dot", "u8_base"}});       // another VERSION's
  write("x86-base", "s", 1, {{"dot", "u4_base"}});       // the seat
  const auto ladder =
      tune::profile::load_ladder(dir, {"x86-vnni512", "x86-avx512", "x86-vnni256", "x86-avx2", "x86-base"}, "s", 1);
  seat_inputs in;
  in.features = profiled_avx2_box;
  in.sidecar_reason = "no sidecar";
  in.profiles = &ladder.usable;
  in.profile_notes = ladder.notes;
  in.rungs = &ladder.rungs;
  const auto s = resolve_seat(profiled_dot(), in);
  CHECK(s.suffix == "u4_base");
  CHECK(s.from == source::profile);
  const auto file = [&](const std::string& cls) { return tune::profile::profile_path(dir, cls).string(); };
  REQUIRE(s.steps.size() == 6);
  CHECK(s.steps[1] == "profile x86-vnni512: no entry for this family [" + file("x86-vnni512") + "]");
  CHECK(s.steps[2] == "profile x86-avx512: " + file("x86-avx512") + " holds scope t, not s");
  CHECK(s.steps[3] == "profile x86-vnni256: none (" + file("x86-vnni256") + " does not exist)");
  CHECK(s.steps[4] == "profile x86-avx2: " + file("x86-avx2") + " was minted for VERSION 2, scope s is VERSION 1");
  CHECK(s.steps[5] == "profile x86-base: u4_base (runnable here) [" + file("x86-base") + "]");
  std::filesystem::remove_all(dir);
}
