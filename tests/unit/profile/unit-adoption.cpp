// What a box takes from its profiles and what it must still race (the residue).
#include <doctest/doctest.h>

#include "box/classes.h"
#include "profile/adoption.h"

using tune::profile::cover;

namespace {
const char* avx2_req = "avx2,fma,bmi2,f16c";
const char* avx512_req = "avx512f,avx512bw,avx512cd,avx512dq,avx512vl";

tune::manifest scope() {
  tune::manifest m;
  m.scope = "s";
  tune::family_decl dot{"dot", "", "", "u1_base", {"u4_base"}, {}, {}};
  dot.rows = {{"u1_base", "", "", {}, {}}, {"u4_base", "", "", {}, {}}, {"u4_avx2", "", avx2_req, {}, {}}};
  tune::family_decl gemm{"gemm", "", "", "naive", {"naive"}, {}, {}};
  gemm.rows = {{"naive", "", "", {}, {}}, {"b_avx2", "", avx2_req, {}, {}}, {"b_avx512", "", avx512_req, {}, {}}};
  tune::family_decl axpy{"axpy", "", "", "u1", {"u1"}, {}, {}};
  axpy.rows = {{"u1", "", "", {}, {}}, {"u2", "", "", {}, {}}};
  m.families = {dot, gemm, axpy};
  return m;
}

tune::profile::profile avx2_profile(std::map<std::string, std::string> kernels) {
  tune::profile::profile p;
  p.scope = "s";
  p.cls = "x86-avx2";
  p.kernels = std::move(kernels);
  p.features = tune::box::class_features("x86-avx2");
  return p;
}
}  // namespace

TEST_CASE("a profile that covers every family leaves nothing to race") {
  const std::vector<tune::profile::profile> ladder = {
      avx2_profile({{"dot", "u4_avx2"}, {"gemm", "b_avx2"}, {"axpy", "u2"}})};
  const auto c = cover(scope(), ladder, tune::box::class_features("x86-avx2"));
  CHECK(c.complete());
  CHECK(c.covered.at("gemm").suffix == "b_avx2");
  CHECK(c.covered.at("gemm").cls == "x86-avx2");
}

TEST_CASE("a partial profile leaves exactly the families it lacks") {
  const std::vector<tune::profile::profile> ladder = {avx2_profile({{"dot", "u4_avx2"}, {"gemm", "b_avx2"}})};
  const auto c = cover(scope(), ladder, tune::box::class_features("x86-avx2"));
  CHECK(c.residue == std::vector<std::string>{"axpy"});
  CHECK(c.why.at("axpy") == "no profile on the ladder has a seat runnable here");
  CHECK(c.covered.size() == 2);
}

TEST_CASE("a richer box than the profile's races the families where it unlocks a row") {
  const std::vector<tune::profile::profile> ladder = {
      avx2_profile({{"dot", "u4_avx2"}, {"gemm", "b_avx2"}, {"axpy", "u2"}})};
  const auto c = cover(scope(), ladder, tune::box::class_features("x86-avx512"));
  CHECK(c.residue == std::vector<std::string>{"gemm"});
  CHECK(c.why.at("gemm") == "this box unlocks row(s) b_avx512 that profile x86-avx2's box could not run");
}

TEST_CASE("a profile seat that cannot run here leaves the family to race") {
  const std::vector<tune::profile::profile> ladder = {
      avx2_profile({{"dot", "u4_avx2"}, {"gemm", "b_avx2"}, {"axpy", "u2"}})};
  const auto c = cover(scope(), ladder, tune::box::class_features("x86-base"));
  CHECK(c.residue == std::vector<std::string>{"dot", "gemm"});
  CHECK(c.covered.count("axpy") == 1);
}

TEST_CASE("a profile without recorded features unlocks every row that needs a feature") {
  auto p = avx2_profile({{"dot", "u4_base"}, {"gemm", "naive"}, {"axpy", "u2"}});
  p.features.clear();
  const auto c = cover(scope(), {p}, tune::box::class_features("x86-avx2"));
  CHECK(c.residue == std::vector<std::string>{"dot", "gemm"});
}
