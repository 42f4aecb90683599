// The scopes a command reads (cli/scopes.h): --manifest as given, else every manifest under
// <build-dir>/tune/; a tree with several configurations needs --config, and a tree without scopes
// or a configuration it lacks is refused, naming the tree and the fix.
#include <doctest/doctest.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/scopes.h"
#include "test_files.h"

using tune::cli::find_manifests;
using tune::cli::scope_options;
using tune::test::temp_dir;

namespace {

// A manifest of scope "s" without families, of configuration `config` (multi-config when `multi`).
std::filesystem::path write_manifest(const std::filesystem::path& path, const std::string& config, bool multi) {
  tune::test::write_text(path, R"json({"format": "tune-manifest/1", "project": "p", "scope": "s", "version": 1,
    "budget_s": null, "namespace": "", "sidecar": "/b/s.tune.json", "bench": "/b/bench", "build_dir": "/b",
    "state_dir": "/b/tune/s", "stamp_dir": "/b/include/tune/kernels", "defaults": "", "policy": "",
    "optimized": true, "release": false, "quick": false, "debug": false, "target_class": "",
    "compiler": "GNU 12.2.0", "compiler_flags": "", "config": ")json" +
                                   config + R"json(", "multi_config": )json" + (multi ? "true" : "false") +
                                   R"json(, "families": []})json");
  return path;
}

scope_options tree(const temp_dir& dir, std::vector<std::string> configs = {}) {
  scope_options o;
  o.build_dir = dir.path();
  o.configs = std::move(configs);
  return o;
}

}  // namespace

TEST_CASE("scopes: --manifest is taken as given, without reading the tree") {
  scope_options o;
  o.manifests = {"/nonexistent/tune/s/manifest.json"};
  o.build_dir = "/nonexistent";
  CHECK(find_manifests(o) == o.manifests);
}

TEST_CASE("scopes: a single-config tree gives every scope's manifest, in order") {
  temp_dir dir;
  const auto b = write_manifest(dir / "tune/b/manifest.json", "Release", false);
  const auto a = write_manifest(dir / "tune/a/manifest.json", "Release", false);
  CHECK(find_manifests(tree(dir)) == std::vector<std::filesystem::path>{a, b});
  CHECK_THROWS_WITH_AS(
      find_manifests(tree(dir, {"Debug"})),
      ("--config Debug: " + dir.path().string() + " has no such configuration (it is single-config: use no --config)")
          .c_str(),
      std::runtime_error);
}

TEST_CASE("scopes: a tree without scopes is refused, naming where it looked") {
  temp_dir dir;
  CHECK_THROWS_WITH_AS(
      find_manifests(tree(dir)),
      ("no cmake-tune scopes under " + (dir / "tune").string() + ": pass --build-dir <build tree> or --manifest")
          .c_str(),
      std::runtime_error);
}

TEST_CASE("scopes: a multi-config tree needs --config, one of its own or all") {
  temp_dir dir;
  const auto debug = write_manifest(dir / "tune/s/Debug/manifest.json", "Debug", true);
  const auto release = write_manifest(dir / "tune/s/Release/manifest.json", "Release", true);
  CHECK_THROWS_WITH_AS(
      find_manifests(tree(dir)),
      (dir.path().string() + " has the configurations Debug, Release: pass --config <configuration> (or --config all)")
          .c_str(),
      std::runtime_error);
  CHECK(find_manifests(tree(dir, {"Release"})) == std::vector<std::filesystem::path>{release});
  CHECK(find_manifests(tree(dir, {"all"})) == std::vector<std::filesystem::path>{debug, release});
  CHECK_THROWS_WITH_AS(
      find_manifests(tree(dir, {"MinSizeRel"})),
      ("--config MinSizeRel: " + dir.path().string() + " has no such configuration (it has: Debug, Release)").c_str(),
      std::runtime_error);
}
