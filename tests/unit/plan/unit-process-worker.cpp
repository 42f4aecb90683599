// The process worker (plan/process_worker.h) on pilot_helper, a small program on tune::runtime
// (tests/unit/runtime/pilot_helper.cpp): environment, affinity, the pilot report, a private
// scratch folder, and what a hang, a crash or a failure leave.
#include <doctest/doctest.h>

#include <filesystem>
#include <vector>

#include "plan/process_worker.h"
#include "plan/search.h"
#include "test_files.h"

using namespace tune::plan;
using tune::test::temp_dir;

TEST_CASE("process worker: environment, affinity, pilot report and a private scratch folder") {
  temp_dir dir;
  process_worker worker({PILOT_HELPER, "windows", "3"}, dir / "scratch");
  run_request request;
  request.env = {{"TUNE_KNOB_WIDTH", "9"}, {"TUNE_PILOT_OUT", "/nonexistent/inherited"}};
  request.cpus = {0};
  request.timeout_s = 10;
  const auto out = worker.run(request);
  REQUIRE(out.status == run_outcome::state::ok);
  CHECK(out.pilot_reported);
  CHECK(out.windows_s.size() == 3);
  CHECK(out.knobs_read.at("width") == "9");
  CHECK(out.peak_rss_kb > 0);
  CHECK(std::filesystem::is_empty(dir / "scratch"));

  process_worker cpus({PILOT_HELPER, "cpus"}, dir / "scratch");
  const auto pinned = cpus.run(request);
  REQUIRE(pinned.status == run_outcome::state::ok);
  REQUIRE(pinned.result);
  CHECK(*pinned.result == std::vector<double>{1});
}

TEST_CASE("process worker: a hang is killed at its timeout and reaped") {
  temp_dir dir;
  process_worker worker({PILOT_HELPER, "hang"}, dir / "scratch");
  run_request request;
  request.timeout_s = 0.3;
  const auto out = worker.run(request);
  CHECK(out.status == run_outcome::state::timed_out);
  CHECK(out.failure.rfind("timed out after ", 0) == 0);
}

TEST_CASE("process worker: crashes and failures say what happened, with the end of stderr") {
  temp_dir dir;
  run_request request;
  request.timeout_s = 10;
  process_worker crash({PILOT_HELPER, "crash"}, dir / "a");
  const auto crashed = crash.run(request);
  CHECK(crashed.status == run_outcome::state::crashed);
  CHECK(crashed.failure == "killed by SIGABRT");
  process_worker fail({PILOT_HELPER, "fail"}, dir / "b");
  const auto failed = fail.run(request);
  CHECK(failed.status == run_outcome::state::failed);
  CHECK(failed.failure == "exit 3: helper: asked to fail");
}

TEST_CASE("process worker: a program without pilot calls is timed as a whole process") {
  temp_dir dir;
  process_worker worker({"/bin/true"}, dir / "scratch");
  run_request request;
  request.timeout_s = 10;
  const auto out = worker.run(request);
  CHECK(out.status == run_outcome::state::ok);
  CHECK_FALSE(out.pilot_reported);
  CHECK(out.windows_s.empty());
  CHECK(run_objective(out) == out.wall_s);
}
