#pragma once
// A build tree in a temporary folder: the sidecar path, bench executables, and TUNE_HISTORY
// pointed inside it so no test ever archives into the real home folder.
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sidecar/store.h"
#include "test_files.h"

namespace tune::test {

inline const std::string box_a = "linux|x86_64|AMD EPYC 7B13|family 25 model 1 stepping 1|6.1";
inline const std::string box_b = "linux|x86_64|Intel(R) Xeon(R) Gold 6248|family 6 model 85 stepping 7|6.1";

// 2027-01-15T08:00:00Z, in nanoseconds.
inline constexpr long long t0 = 1'800'000'000LL * 1'000'000'000LL;

struct sidecar_fixture {
  temp_dir dir;
  env_override history{"TUNE_HISTORY", (dir / "history").string()};
  std::filesystem::path sidecar = dir / "proj.tune.json";

  // A stand-in bench executable: only its bytes and mtime matter to the sidecar.
  std::filesystem::path bench(const std::string& scope, const std::string& content = "bench v1") {
    const auto path = dir / ("tune/" + scope + "/bench");
    std::filesystem::create_directories(path.parent_path());
    write_text(path, content);
    return path;
  }
};

// A race table as the race engine records it; rows are suffix -> median_ns.
inline nlohmann::json race_table(const std::string& winner, const std::string& fallback, nlohmann::json margin,
                                 const std::map<std::string, double>& rows) {
  nlohmann::json table = {{"winner", winner},
                          {"fallback", fallback},
                          {"verdict", winner == fallback ? "holds" : "won"},
                          {"need_pct", 3.0},
                          {"margin_pct", margin},
                          {"demoted", nullptr},
                          {"drift_pct", nullptr},
                          {"rows", nlohmann::json::object()}};
  for (const auto& [suffix, median] : rows)
    table["rows"][suffix] = {{"median_ns", median}, {"best_ns", median * 0.97}, {"rounds", 20}};
  return table;
}

inline sidecar::scope_update update_for(const std::string& scope, const std::filesystem::path& bench,
                                        const std::map<std::string, std::string>& kernels,
                                        const std::string& box = box_a) {
  sidecar::scope_update u;
  u.scope = scope;
  u.version = 3;
  u.bench = bench;
  for (const auto& [family, seat] : kernels) u.families.push_back(family);
  u.kernels = kernels;
  u.box = box;
  u.provenance.cls = "x86-avx2";
  u.provenance.compiler = "GNU 12.2.0";
  u.provenance.noise = "ok";
  return u;
}

}  // namespace tune::test
