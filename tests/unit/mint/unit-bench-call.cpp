// The bench as a mint calls it (mint/bench_call.h), against stand-in benches (shell scripts):
// its overall deadline, derived from its families' limits and named when it passes, kills it with
// its process group; a file at the bench's path that is not the bench the build linked is refused
// and never run.
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <string>
#include <thread>

#include "mint/bench_call.h"
#include "test_files.h"
#include "util/sha256.h"

namespace {

using tune::test::temp_dir;

// A scope whose bench is the script `script`, linked (recorded) as the build would.
tune::manifest scope_with_bench(const temp_dir& dir, const std::string& script) {
  tune::manifest m;
  m.scope = "demo";
  m.build_dir = dir.path();
  m.state_dir = dir / "tune/demo";
  m.bench = dir / "tune/demo/bench";
  tune::test::write_text(m.bench, "#!/bin/sh\n" + script + "\n");
  std::filesystem::permissions(m.bench, std::filesystem::perms::owner_all);
  tune::test::write_text(tune::mint::bench_record(m), tune::util::sha256_file(m.bench) + "\n");
  tune::family_decl dot;
  dot.name = "dot";
  dot.rows.resize(4);
  dot.timeout_s = 0.5;
  tune::family_decl sgemm;
  sgemm.name = "sgemm";
  sgemm.rows.resize(2);
  sgemm.companions.resize(1);
  m.families = {dot, sgemm};
  return m;
}

}  // namespace

TEST_CASE("the bench's deadline is its families' limits summed") {
  temp_dir dir;
  const auto m = scope_with_bench(dir, "exit 0");
  // dot: 120 s setup + 4 rows x 3 gate calls x 2 (gate, windows) x TIMEOUT 0.5 s = 132 s.
  // sgemm: 120 s setup + 2 rows x 2 tables x 3 x 2 x 60 s (no TIMEOUT) = 1560 s. Probes: 60 s.
  CHECK(tune::mint::deadline_of(m, {"dot"}).limit == std::chrono::seconds(60 + 132));
  const auto every = tune::mint::deadline_of(m, {});
  CHECK(every.limit == std::chrono::seconds(60 + 132 + 1560));
  CHECK(every.why ==
        "60 s for the noise probes; dot 132 s (120 s setup, 24 calls of 0.5 s); "
        "sgemm 1560 s (120 s setup, 24 calls of 60 s)");
}

TEST_CASE("a bench that hangs outside any row is killed at its deadline, with its process group") {
  temp_dir dir;
  const auto pid_file = dir / "child.pid";
  const auto m = scope_with_bench(dir, "sleep 300 & echo $! > '" + pid_file.string() + "'; wait");
  const tune::mint::bench_deadline deadline{std::chrono::seconds(1), "1 s for this test"};
  const auto call = tune::mint::call_bench(m, {}, dir / "request.json", dir / "result.json", deadline);
  CHECK(call.status == tune::mint::bench_call::failed);
  CHECK(call.reason == "the bench " + m.bench.string() +
                           " ran past its deadline of 1 s (1 s for this test) and was killed with its process group: "
                           "it hung outside any row, whose own limits would have stopped it. Run `" +
                           m.bench.string() + " test` to see where it stops, and build it again");
  const pid_t child = std::stoi(tune::test::read_text(pid_file));
  for (int i = 0; i < 100 && tune::test::process_alive(child); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const bool survived = tune::test::process_alive(child);
  if (survived) ::kill(child, SIGKILL);
  CHECK_FALSE(survived);
}

TEST_CASE("a program put in the bench's place is refused and not run") {
  temp_dir dir;
  const auto ran = dir / "ran";
  auto m = scope_with_bench(dir, "exit 0");
  CHECK_FALSE(tune::mint::foreign_bench(m));
  const std::string recorded = tune::util::sha256_file(m.bench);
  tune::test::write_text(m.bench, "#!/bin/sh\ntouch '" + ran.string() + "'\n");
  const std::string current = tune::util::sha256_file(m.bench);
  const std::string fix = "Build the bench again: rm " + m.bench.string() + "; cmake --build " + dir.path().string() +
                          " --target tune-demo";
  const auto foreign = tune::mint::foreign_bench(m);
  REQUIRE(foreign);
  CHECK(*foreign == "the bench " + m.bench.string() + " is not the one the build linked: its sha256 is " + current +
                        ", the build recorded " + recorded + " (" + tune::mint::bench_record(m).string() +
                        "), so cmake-tune will not run it or record its hash. " + fix);
  const auto call = tune::mint::call_bench(m, {}, dir / "request.json", dir / "result.json");
  CHECK(call.status == tune::mint::bench_call::failed);
  CHECK(call.reason == *foreign);
  CHECK_FALSE(std::filesystem::exists(ran));

  // A tree whose link recorded nothing has no identity to check against: refused the same way.
  std::filesystem::remove(tune::mint::bench_record(m));
  CHECK(*tune::mint::foreign_bench(m) == "the bench " + m.bench.string() + " has no identity the build recorded (" +
                                             tune::mint::bench_record(m).string() +
                                             " does not exist; the bench's link writes it), so cmake-tune will not "
                                             "run it or record its hash. " +
                                             fix);
}
