// tune::runtime in a real process: silent outside a search, a tune-pilot/1 report inside one,
// knobs from TUNE_KNOB_*, and the refusals that keep a launched plan exact.
#include <doctest/doctest.h>

#include <filesystem>

#include "plan/process_worker.h"
#include "plan/search.h"
#include "test_files.h"
#include "util/subprocess.h"

using namespace tune::plan;
using tune::test::temp_dir;

namespace {

tune::util::spawn_result run_helper(const std::vector<std::string>& args, std::map<std::string, std::string> env) {
  tune::util::spawn_options o;
  o.argv = {PILOT_HELPER};
  o.argv.insert(o.argv.end(), args.begin(), args.end());
  o.env = std::move(env);
  o.capture_stdout = o.capture_stderr = true;
  o.timeout = std::chrono::seconds(10);
  return tune::util::run_process(o);
}

}  // namespace

TEST_CASE("runtime: outside a search the pilot calls write nothing") {
  temp_dir dir;
  tune::util::spawn_options o;
  o.argv = {PILOT_HELPER, "windows", "3"};
  o.env = std::map<std::string, std::string>{};
  o.cwd = dir.path();
  const auto r = tune::util::run_process(o);
  CHECK(r.exit_code == 0);
  CHECK(std::filesystem::is_empty(dir.path()));
}

TEST_CASE("runtime: inside a search the process reports windows, setup, knobs and its output") {
  temp_dir dir;
  const auto out = dir / "pilot.json";
  const auto r = run_helper({"windows", "4"}, {{"TUNE_PILOT_OUT", out.string()}, {"TUNE_KNOB_WIDTH", "5"}});
  REQUIRE(r.exit_code == 0);
  run_outcome outcome;
  read_pilot_report(out, 0, outcome);
  CHECK(outcome.pilot_reported);
  CHECK(outcome.windows_s.size() == 4);
  for (double w : outcome.windows_s) CHECK(w > 0.001);
  REQUIRE(outcome.setup_s);
  CHECK(outcome.knobs_read.at("width") == "5");
  REQUIRE(outcome.result);
  CHECK(*outcome.result == std::vector<double>{1, 2, 3, 5});
  CHECK(outcome.result_type == "f64");
}

TEST_CASE("runtime: a knob is the environment's value or the default") {
  CHECK(run_helper({"knob"}, {}).out == "3\n");
  CHECK(run_helper({"knob"}, {{"TUNE_KNOB_WIDTH", "12"}}).out == "12\n");
}

TEST_CASE("runtime: a knob value that is not an integer stops the program, naming the variable") {
  const auto r = run_helper({"knob"}, {{"TUNE_KNOB_WIDTH", "wide"}});
  CHECK(r.exit_code == 78);
  CHECK(r.err ==
        "tune: TUNE_KNOB_WIDTH='wide' is not an integer; knob 'width' needs one: fix the plan or unset "
        "TUNE_KNOB_WIDTH\n");
}

TEST_CASE("runtime: under a launched plan an FFTW plan the wisdom cannot make is a refusal naming it") {
  const auto r = run_helper({"unplanned"}, {{"TUNE_FFTW_WISDOM_ONLY", "1"}});
  CHECK(r.exit_code == 78);
  CHECK(r.err ==
        "tune: FFTW plan 'forward 64' cannot be reproduced from the plan's wisdom (none imported) under "
        "FFTW_WISDOM_ONLY; run `tune plan search` again for this program\n");
  // Outside a launched plan a null plan is the program's own business.
  CHECK(run_helper({"unplanned"}, {}).exit_code == 0);
}

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
