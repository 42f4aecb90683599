// tune::runtime in a real process (pilot_helper.cpp): silent outside a search, a tune-pilot/1
// report inside one, knobs from TUNE_KNOB_*, and the refusals that keep a launched plan exact.
// The report is read back as a search reads it (plan/process_worker.h).
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "plan/process_worker.h"
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
