// Release builds: which fresh sidecars can stand for a release, and which are guesses.
#include <doctest/doctest.h>

#include "mint/release.h"
#include "sidecar_document.h"

using tune::mint::release_gaps;

namespace {
tune::manifest scope() {
  tune::manifest m;
  m.scope = "s";
  m.families = {{"dot", "", "", "u1", {"u1"}, {}, {}}, {"gemm", "", "", "naive", {"naive"}, {}, {}}};
  return m;
}
nlohmann::json measured() {
  return {{"race", {{"dot", {{"verdict", "won"}}}, {"gemm", {{"verdict", "holds"}}}}},
          {"provenance", {{"box", "here"}}}};
}
}  // namespace

TEST_CASE("a sidecar measured here for every family stands for a release") {
  CHECK(release_gaps(scope(), tune::test::sidecar_document(measured()), false).empty());
}

TEST_CASE("adopted families and inherited sidecars are guesses unless TUNE_QUICK inherits them") {
  auto doc = measured();
  doc["race"]["gemm"] = {{"verdict", "adopted"}, {"profile", "x86-avx2"}};
  CHECK(release_gaps(scope(), tune::test::sidecar_document(doc), false) ==
        std::vector<std::string>{"family gemm was adopted from profile x86-avx2, not measured here"});
  CHECK(release_gaps(scope(), tune::test::sidecar_document(doc), true).empty());
  doc = measured();
  doc["provenance"]["applied_box"] = "here";
  doc["provenance"]["box"] = "there";
  CHECK(release_gaps(scope(), tune::test::sidecar_document(doc), false) ==
        std::vector<std::string>{"the sidecar was measured on there and applied here (TUNE_QUICK=ON inherits it)"});
  doc = measured();
  doc["race"].erase("dot");
  CHECK(release_gaps(scope(), tune::test::sidecar_document(doc), false) ==
        std::vector<std::string>{"family dot has no race table: it was not measured here"});
}

TEST_CASE("a family the budget left on its fallback is a guess even for TUNE_QUICK") {
  auto doc = measured();
  doc["race"]["dot"]["verdict"] = "budget";
  CHECK(release_gaps(scope(), tune::test::sidecar_document(doc), true) ==
        std::vector<std::string>{"family dot kept its fallback because the BUDGET ran out"});
}
