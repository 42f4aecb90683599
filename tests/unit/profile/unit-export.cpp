// tune-profile-export: a profile from a fresh, complete, quiet sidecar; every refusal named.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "profile/export.h"
#include "sidecar_document.h"

using tune::profile::export_refused;
using tune::profile::make_profile;
using tune::profile::refusal;
using tune::sidecar::verdict;

namespace {
tune::manifest exported_scope() {
  tune::manifest m;
  m.scope = "s";
  m.version = 3;
  m.build_dir = "/b";
  m.compiler = "GNU 12.2.0";
  m.families = {{"dot", "", "", "u1", {"u1"}, {}, {}}, {"gemm", "", "", "naive", {"naive"}, {}, {}}};
  return m;
}

nlohmann::json sidecar_doc() {
  return {{"format", "tune-sidecar/1"},
          {"kernels", {{"dot", "u4_avx2"}, {"gemm", "b_avx2"}}},
          {"race", {{"dot", {{"verdict", "won"}}}, {"gemm", {{"verdict", "holds"}}}}},
          {"scopes", {{"s", {{"version", 3}, {"complete", true}}}}},
          {"provenance",
           {{"box", "linux|x86_64|cpu|sig|6.1"},
            {"class", "x86-avx2"},
            {"features", "avx2;bmi2;f16c;fma;sse4.2"},
            {"compiler", "GNU 12.2.0"},
            {"noise", "ok"},
            {"noise_probes", "start 0.8%"}}}};
}

tune::sidecar::loaded loaded(nlohmann::json doc) {
  tune::sidecar::loaded l;
  l.path = "/b/p.tune.json";
  l.doc = tune::test::sidecar_document(doc);
  return l;
}

// The refusal `make_profile` throws, with its message.
std::pair<refusal, std::string> refusal_of(const nlohmann::json& doc, tune::sidecar::judgement j) {
  try {
    make_profile(exported_scope(), loaded(doc), j, "cmake-tune 0.1.0");
  } catch (const export_refused& e) {
    return {e.why, e.what()};
  }
  FAIL("make_profile did not refuse");
  return {};
}
}  // namespace

TEST_CASE("a fresh, complete, quiet sidecar exports its winners, class and features, never its box") {
  const auto p = make_profile(exported_scope(), loaded(sidecar_doc()), {verdict::fresh, ""}, "cmake-tune 0.1.0");
  // The minting box's maker and model, when the export knows them.
  const auto with_cpu = make_profile(exported_scope(), loaded(sidecar_doc()), {verdict::fresh, ""}, "cmake-tune 0.1.0",
                                     "", tune::box::cpu_maker{"GenuineIntel", "family 6 model 143"});
  CHECK(with_cpu.provenance["cpu"] == nlohmann::json{{"maker", "GenuineIntel"}, {"model", "family 6 model 143"}});
  CHECK(
      tune::profile::to_json(p).dump() ==
      R"({"format":"tune-profile/1","scope":"s","class":"x86-avx2","version":3,)"
      R"("kernels":{"dot":"u4_avx2","gemm":"b_avx2"},"threads":{"dot":1,"gemm":1},)"
      R"("provenance":{"compiler":"GNU 12.2.0","features":"avx2;bmi2;f16c;fma;sse4.2","noise":"ok","tool":"cmake-tune 0.1.0"}})");
}

TEST_CASE("a profile records each family's THREADS, and for THREADS all the CPUs it raced on") {
  auto m = exported_scope();
  m.families[0].threads = 2;
  m.families[1].threads = 0;
  auto doc = sidecar_doc();
  doc["race"]["gemm"]["threads"] = "all";
  doc["race"]["gemm"]["cores"] = 16;
  const auto p = make_profile(m, loaded(doc), {verdict::fresh, ""}, "cmake-tune 0.1.0");
  CHECK(p.threads == std::map<std::string, int>{{"dot", 2}, {"gemm", 0}});
  CHECK(p.cpus == std::map<std::string, int>{{"gemm", 16}});
  CHECK(tune::profile::to_json(p).dump().find(R"("threads":{"dot":2,"gemm":"all"},"cpus":{"gemm":16},)") !=
        std::string::npos);

  // An adopted table records no cores: no box size can be given for the seat.
  doc["race"]["gemm"] = {{"verdict", "adopted"}, {"winner", "b_avx2"}, {"profile", "x86-avx2"}};
  try {
    make_profile(m, loaded(doc), {verdict::fresh, ""}, "cmake-tune 0.1.0");
    FAIL("make_profile did not refuse");
  } catch (const export_refused& e) {
    CHECK(e.why == refusal::incomplete);
    CHECK(std::string(e.what()).find("family gemm declares THREADS all, and its race table in /b/p.tune.json records "
                                     "no cores") != std::string::npos);
  }
}

TEST_CASE("each refusal is named: absent, unreadable, stale, incomplete, noise-refused") {
  auto [why, text] = refusal_of(sidecar_doc(), {verdict::absent, "no sidecar at /b/p.tune.json."});
  CHECK(why == refusal::absent);
  CHECK(text ==
        "tune-profile-export refuses scope s: the sidecar is absent: no sidecar at /b/p.tune.json. Mint it "
        "first: cmake --build /b --target tune-s");

  std::tie(why, text) = refusal_of(sidecar_doc(), {verdict::unreadable, "not JSON."});
  CHECK(why == refusal::unreadable);

  for (auto v : {verdict::stale_binary, verdict::foreign_box, verdict::version}) {
    std::tie(why, text) = refusal_of(sidecar_doc(), {v, "both values."});
    CHECK(why == refusal::stale);
    CHECK(text == std::string("tune-profile-export refuses scope s: the sidecar is stale: (") +
                      tune::sidecar::to_string(v) + ") both values. Mint it first: cmake --build /b --target tune-s");
  }

  std::tie(why, text) = refusal_of(sidecar_doc(), {verdict::missing, "no entry for gemm."});
  CHECK(why == refusal::incomplete);

  auto doc = sidecar_doc();
  doc["scopes"]["s"]["complete"] = false;
  std::tie(why, text) = refusal_of(doc, {verdict::fresh, ""});
  CHECK(why == refusal::incomplete);
  CHECK(text ==
        "tune-profile-export refuses scope s: the sidecar is incomplete: scopes.s.complete is false in "
        "/b/p.tune.json. Mint it first: cmake --build /b --target tune-s");

  doc = sidecar_doc();
  doc["race"]["gemm"]["verdict"] = "budget";
  std::tie(why, text) = refusal_of(doc, {verdict::fresh, ""});
  CHECK(why == refusal::incomplete);
  CHECK(text.find("family gemm kept its fallback because the mint's BUDGET ran out") != std::string::npos);

  doc = sidecar_doc();
  doc["provenance"]["noise"] = "overridden";
  std::tie(why, text) = refusal_of(doc, {verdict::fresh, ""});
  CHECK(why == refusal::noise_refused);
  CHECK(text ==
        "tune-profile-export refuses scope s: the sidecar is noise-refused: provenance.noise is 'overridden' "
        "(start 0.8%), not 'ok'; a profile must not carry winners measured through noise. Mint it first: "
        "cmake --build /b --target tune-s");
  CHECK(std::string(tune::profile::to_string(refusal::noise_refused)) == "noise-refused");
}

TEST_CASE("export never overwrites another scope's profile") {
  const auto dir = std::filesystem::temp_directory_path() / ("tune-export-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto out = dir / "x86-avx2.tune-defaults.json";
  auto p = make_profile(exported_scope(), loaded(sidecar_doc()), {verdict::fresh, ""}, "cmake-tune 0.1.0");
  tune::profile::write_profile(p, out);
  CHECK(tune::profile::read_profile(out).kernels.at("dot") == "u4_avx2");
  p.scope = "other";
  CHECK_THROWS_WITH_AS(tune::profile::write_profile(p, out),
                       ("tune-profile-export: " + out.string() +
                        " holds scope s's profile; scope other would "
                        "overwrite it. Give each scope its own DEFAULTS folder.")
                           .c_str(),
                       std::runtime_error);
  std::filesystem::remove_all(dir);
}

TEST_CASE("--class exports only a sidecar minted as that class, and names the features to take away") {
  const auto as_avx2 =
      make_profile(exported_scope(), loaded(sidecar_doc()), {verdict::fresh, ""}, "cmake-tune 0.1.0", "x86-avx2");
  CHECK(as_avx2.cls == "x86-avx2");

  auto doc = sidecar_doc();
  doc["provenance"]["class"] = "x86-vnni512";
  doc["provenance"]["features"] =
      "avx;avx2;avx512bw;avx512cd;avx512dq;avx512f;avx512vl;avx512vnni;avxvnni;bmi2;f16c;fma;sse4.2";
  try {
    make_profile(exported_scope(), loaded(doc), {verdict::fresh, ""}, "cmake-tune 0.1.0", "x86-avx2");
    FAIL("make_profile did not refuse");
  } catch (const export_refused& e) {
    CHECK(e.why == refusal::other_class);
    CHECK(std::string(e.what()) ==
          "tune-profile-export refuses scope s: the sidecar is other-class: it was minted as x86-vnni512 (features "
          "avx;avx2;avx512bw;avx512cd;avx512dq;avx512f;avx512vl;avx512vnni;avxvnni;bmi2;f16c;fma;sse4.2), not "
          "x86-avx2. Mint it as x86-avx2 first, and export under the same variable: "
          "TUNE_FORCE_FEATURES=-avx512bw,-avx512cd,-avx512dq,-avx512f,-avx512vl,"
          "-avx512vnni,-avxvnni cmake --build /b --target tune-s");
  }
  // Asking for a class above the box's: nothing to take away would get there.
  try {
    make_profile(exported_scope(), loaded(sidecar_doc()), {verdict::fresh, ""}, "cmake-tune 0.1.0", "x86-avx512");
    FAIL("make_profile did not refuse");
  } catch (const export_refused& e) {
    CHECK(e.why == refusal::other_class);
    CHECK(std::string(e.what()).find("This box lacks features x86-avx512 needs") != std::string::npos);
  }
  // The class is judged before the noise: a sidecar of another class is refused as that.
  doc["provenance"]["noise"] = "overridden";
  try {
    make_profile(exported_scope(), loaded(doc), {verdict::fresh, ""}, "cmake-tune 0.1.0", "x86-avx2");
    FAIL("make_profile did not refuse");
  } catch (const export_refused& e) {
    CHECK(e.why == refusal::other_class);
  }
  CHECK_THROWS_AS(
      make_profile(exported_scope(), loaded(sidecar_doc()), {verdict::fresh, ""}, "cmake-tune 0.1.0", "x86-avx3"),
      std::invalid_argument);
  CHECK(std::string(tune::profile::to_string(refusal::other_class)) == "other-class");
}

TEST_CASE("a profile minted below the box's class by forced features records them") {
  auto doc = sidecar_doc();
  doc["provenance"]["forced_features"] = "-avx512f,-avx512vnni";
  const auto p = make_profile(exported_scope(), loaded(doc), {verdict::fresh, ""}, "cmake-tune 0.1.0");
  CHECK(p.provenance.at("forced") == "-avx512f,-avx512vnni");
  doc["provenance"]["forced_features"] = "";
  CHECK_FALSE(make_profile(exported_scope(), loaded(doc), {verdict::fresh, ""}, "cmake-tune 0.1.0")
                  .provenance.contains("forced"));
}
