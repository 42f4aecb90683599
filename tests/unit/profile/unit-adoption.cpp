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

// THREADS (docs/profiles-and-policy.md "Thread pools in profiles"): the allocation's CPUs are
// passed in, so any box size can be faked here.
TEST_CASE("a seat raced with THREADS all on more CPUs than this allocation is raced, not adopted") {
  auto m = scope();
  m.families[1].threads = 0;  // gemm: THREADS all
  auto p = avx2_profile({{"dot", "u4_avx2"}, {"gemm", "b_avx2"}, {"axpy", "u2"}});
  p.threads = {{"dot", 1}, {"gemm", 0}, {"axpy", 1}};
  p.cpus = {{"gemm", 16}};
  const auto features = tune::box::class_features("x86-avx2");

  const auto small = cover(m, {p}, features, 2);
  CHECK(small.residue == std::vector<std::string>{"gemm"});
  CHECK(small.declined == std::vector<std::string>{"gemm"});
  CHECK(small.why.at("gemm") ==
        "profile x86-avx2 raced its seat with THREADS all on 16 CPUs, and this allocation has 2");
  CHECK(small.covered.count("dot") == 1);

  CHECK(cover(m, {p}, features, 16).complete());
  CHECK(cover(m, {p}, features, 64).complete());
  // A build for another class measures nothing here: this box's CPUs say nothing of that class's.
  CHECK(cover(m, {p}, features, std::nullopt).complete());

  p.cpus.clear();
  CHECK(cover(m, {p}, features, 64).why.at("gemm") ==
        "profile x86-avx2 raced its seat with THREADS all and records no CPU count for it");
}

TEST_CASE("a seat raced with THREADS n is adopted on a box with n CPUs or more") {
  auto m = scope();
  m.families[0].threads = 4;  // dot
  auto p = avx2_profile({{"dot", "u4_avx2"}, {"gemm", "b_avx2"}, {"axpy", "u2"}});
  p.threads = {{"dot", 4}};
  const auto features = tune::box::class_features("x86-avx2");
  CHECK(cover(m, {p}, features, 4).complete());
  const auto small = cover(m, {p}, features, 3);
  CHECK(small.residue == std::vector<std::string>{"dot"});
  CHECK(small.why.at("dot") == "profile x86-avx2 raced its seat with THREADS 4, and this allocation has 3 CPU(s)");
}

TEST_CASE("a seat raced under other THREADS than the family declares is raced again") {
  auto m = scope();
  m.families[2].threads = 2;  // axpy
  auto p = avx2_profile({{"dot", "u4_avx2"}, {"gemm", "b_avx2"}, {"axpy", "u2"}});
  p.threads = {{"axpy", 1}};
  const auto c = cover(m, {p}, tune::box::class_features("x86-avx2"), 8);
  CHECK(c.residue == std::vector<std::string>{"axpy"});
  CHECK(c.why.at("axpy") == "profile x86-avx2 raced its seat with THREADS 1, and the family declares THREADS 2");
}

TEST_CASE("a profile that records no threads is adopted as before, and a forced reference always") {
  auto m = scope();
  m.families[1].threads = 0;
  auto p = avx2_profile({{"dot", "reference"}, {"gemm", "b_avx2"}, {"axpy", "u2"}});
  CHECK(cover(m, {p}, tune::box::class_features("x86-avx2"), 1).complete());
  p.threads = {{"dot", 0}};
  p.cpus = {{"dot", 99}};
  CHECK(cover(m, {p}, tune::box::class_features("x86-avx2"), 1).covered.at("dot").forced_reference);
}
