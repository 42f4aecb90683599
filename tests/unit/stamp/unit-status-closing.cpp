#include <doctest/doctest.h>

#include "stamp/describe.h"

// `tune status`'s closing lines agree with the verdicts above them, and advise only commands whose
// measurements mean something.
namespace {

tune::manifest tree(const std::string& config, bool optimized, bool multi_config = false) {
  tune::manifest m;
  m.scope = "s";
  m.build_dir = "/b";
  m.config = config;
  m.optimized = optimized;
  m.multi_config = multi_config;
  return m;
}

}  // namespace

using tune::sidecar::verdict;
using tune::stamp::status_closing;

TEST_CASE("every family runs a winner measured here only when every scope is fresh and measured here") {
  const auto m = tree("Release", true);
  CHECK(status_closing({{&m, verdict::fresh, true}}) == "\nEvery family runs a winner measured on this box.\n");
  // A mint under TUNE_FORCE_FEATURES records measured_here, but this box's verdict is foreign_box.
  CHECK(status_closing({{&m, verdict::foreign_box, true}}) ==
        "\n\nSome families do not run a winner measured on this box. To tune them:\n"
        "  cmake --build /b --target tune-s\n");
  CHECK(status_closing({{&m, verdict::fresh, false}, {&m, verdict::stale_binary, true}}) ==
        "\n\nSome families do not run a winner measured on this box. To tune them:\n"
        "  cmake --build /b --target tune-s\n");
}

TEST_CASE("a cross build is advised to tune on its target, not to build a tune target here") {
  auto cross = tree("Release", true);
  cross.target = {"aarch64", true, tune::target_machine::run::emulator, {"qemu-aarch64-static"}};
  CHECK(status_closing({{&cross, verdict::emulated, false}}) ==
        "\n\nSome families do not run a winner measured on this box. To tune them:\n"
        "  (scope s: a cross build for aarch64 measures nothing on this build host; build and tune on the target "
        "itself)\n");
}

TEST_CASE("an unoptimized tree is advised to tune a Release build, not its own configuration") {
  const auto debug = tree("Debug", false);
  CHECK(status_closing({{&debug, verdict::absent, false}}) ==
        "\n\nSome families do not run a winner measured on this box. To tune them:\n"
        "  (scope s: configuration Debug builds without optimization, and timings of unoptimized code mean "
        "nothing; tune a Release build)\n"
        "  cmake -B /b -DCMAKE_BUILD_TYPE=Release && cmake --build /b --target tune-s\n");
  const auto multi = tree("Debug", false, true);
  CHECK(tune::stamp::optimized_tune_command(multi) == "cmake --build /b --config Release --target tune-s");
  CHECK(tune::stamp::optimized_tune_command(tree("RelWithDebInfo", true, true)) ==
        "cmake --build /b --config RelWithDebInfo --target tune-s");
}
