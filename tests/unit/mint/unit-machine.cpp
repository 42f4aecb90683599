// The machine a scope's bench runs on (mint/machine.h): this box, or the one a TUNE_TARGET_RUNNER
// reaches, read from the `bench box` report the runner relays; and the runner's contract (argv,
// TUNE_RUNNER_INPUTS/OUTPUTS, exit codes), against stand-in runners and benches (shell scripts).
#include <doctest/doctest.h>

#include <string>

#include "mint/bench_call.h"
#include "mint/machine.h"
#include "test_files.h"
#include "util/sha256.h"

namespace {

using tune::test::temp_dir;

std::filesystem::path script(const std::filesystem::path& file, const std::string& body) {
  tune::test::write_text(file, "#!/bin/sh\n" + body + "\n");
  std::filesystem::permissions(file, std::filesystem::perms::owner_all);
  return file;
}

// A scope whose bench is `bench_body` and whose runner is `runner_body`, both scripts.
tune::manifest scope_with_runner(const temp_dir& dir, const std::string& bench_body, const std::string& runner_body) {
  tune::manifest m;
  m.scope = "demo";
  m.build_dir = dir.path();
  m.state_dir = dir / "tune/demo";
  m.bench = script(dir / "tune/demo/bench", bench_body);
  tune::test::write_text(tune::mint::bench_record(m), tune::util::sha256_file(m.bench) + "\n");
  m.target.arch = "aarch64";
  m.target.cross = true;
  m.target.how = tune::target_machine::run::runner;
  m.target.launcher = {script(dir / "board", runner_body).string(), "--host", "board"};
  return m;
}

constexpr const char* report =
    R"js({"identity": "linux|aarch64|Neoverse-N1|implementer 0x41 part 0xd0c|6.1", "platform": "linux", )js"
    R"js("arch": "aarch64", "class": "arm-dotprod", "features": "dotprod;neon", "forced_features": "", "cpus": 64, )js"
    R"js("maker": {"maker": "Arm (implementer 0x41)", "model": "part 0xd0c"}, "emulated": null})js";

}  // namespace

TEST_CASE("a bench box report is the runner's machine") {
  const auto box = tune::mint::box_from_report(report, "the runner board");
  CHECK(box.identity == "linux|aarch64|Neoverse-N1|implementer 0x41 part 0xd0c|6.1");
  CHECK(box.arch == "aarch64");
  CHECK(box.cls == "arm-dotprod");
  CHECK(box.features == tune::box::feature_set{"dotprod", "neon"});
  CHECK(box.cpus == 64);
  REQUIRE(box.maker);
  CHECK(box.maker->model == "part 0xd0c");
  CHECK(box.emulated.empty());
}

TEST_CASE("what is not a bench box report is refused, naming where it came from") {
  CHECK_THROWS_WITH_AS(tune::mint::box_from_report("Welcome to board!", "the runner board"),
                       doctest::Contains("the runner board printed no `bench box` report"), std::runtime_error);
  CHECK_THROWS_WITH_AS(tune::mint::box_from_report(R"({"identity": "x"})", "the runner board"),
                       doctest::Contains("no string \"platform\""), std::runtime_error);
  std::string no_cpus = report;
  no_cpus.replace(no_cpus.find("\"cpus\": 64"), 10, "\"cpus\": 0");
  CHECK_THROWS_WITH_AS(tune::mint::box_from_report(no_cpus, "the runner board"),
                       doctest::Contains("no \"cpus\" of at least 1"), std::runtime_error);
}

TEST_CASE("a native scope's machine is this box, and its bench runs as it is") {
  tune::manifest m;
  m.bench = "/build/tune/demo/bench";
  tune::box::box_info here;
  here.identity = "this box";
  CHECK(tune::mint::machine_of(m, here).identity == "this box");
  const auto run = tune::mint::bench_process(m, {"test"});
  CHECK(run.argv == std::vector<std::string>{"/build/tune/demo/bench", "test"});
  CHECK_FALSE(run.env);
}

TEST_CASE("through a runner, the machine is the one the runner's bench reports") {
  temp_dir dir;
  const auto argv = dir / "argv";
  const auto m =
      scope_with_runner(dir, "exit 9", "printf '%s\\n' \"$@\" > '" + argv.string() + "'; printf '%s' '" + report + "'");
  tune::box::box_info here;
  here.identity = "this box";
  CHECK(tune::mint::machine_of(m, here).cls == "arm-dotprod");
  CHECK(tune::test::read_text(argv) == "--host\nboard\n" + m.bench.string() + "\nbox\n");
}

TEST_CASE("a runner that fails names itself, its exit code and what it printed") {
  temp_dir dir;
  const auto m = scope_with_runner(dir, "exit 0", "echo 'ssh: Could not resolve hostname board' >&2; exit 255");
  tune::box::box_info here;
  CHECK_THROWS_WITH_AS(tune::mint::machine_of(m, here),
                       ("scope demo: the runner " + (dir / "board").string() + " (TUNE_TARGET_RUNNER) failed to run `" +
                        m.bench.string() +
                        " box` on the target (exit 255); it printed:\nssh: Could not resolve hostname board; check "
                        "that it reaches the machine and runs the bench there")
                           .c_str(),
                       std::runtime_error);
}

TEST_CASE("a race through a runner names its files, and the runner copies the result back") {
  temp_dir dir;
  const auto env = dir / "env";
  // The runner runs the bench elsewhere (here: the same path) and records the contract's variables.
  auto m = scope_with_runner(dir, "exit 0",
                             "printf 'in=%s\\nout=%s\\n' \"$TUNE_RUNNER_INPUTS\" \"$TUNE_RUNNER_OUTPUTS\" > '" +
                                 env.string() + "'; shift 2; exec \"$@\"");
  // A bench that answers with an empty race result.
  script(m.bench,
         "while [ $# -gt 0 ]; do [ \"$1\" = --out ] && out=$2; shift; done\n"
         "printf '%s' '{\"format\": \"tune-race-result/1\"}' > \"$out\"; exit 0");
  tune::test::write_text(tune::mint::bench_record(m), tune::util::sha256_file(m.bench) + "\n");
  const auto call = tune::mint::call_bench(m, {}, dir / "request.json", dir / "result.json");
  CHECK(tune::test::read_text(env) == "in=" + m.bench.string() + "\n" + (dir / "request.json").string() +
                                          "\nout=" + (dir / "result.json").string() + "\n");
  CHECK(std::filesystem::exists(dir / "result.json"));
  // The result is the bench's own (it fails the race result's checks, which is not the runner's doing).
  CHECK(call.reason.find("through the runner") == std::string::npos);
}

TEST_CASE("a race whose runner fails says it failed through the runner") {
  temp_dir dir;
  const auto m = scope_with_runner(dir, "exit 0", "exit 255");
  const auto call = tune::mint::call_bench(m, {}, dir / "request.json", dir / "result.json");
  CHECK(call.status == tune::mint::bench_call::failed);
  CHECK(call.reason == "the bench " + m.bench.string() + " failed through the runner " + (dir / "board").string() +
                           " (exit 255) before it decided anything");
}
