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

// Runs `program` (pilot_helper.cpp unless told) with `args` and nothing but `env`.
tune::util::spawn_result run_helper(const std::vector<std::string>& args, std::map<std::string, std::string> env,
                                    const char* program = PILOT_HELPER) {
  tune::util::spawn_options o;
  o.argv = {program};
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

// FFTW's wisdom with the real library (fftw_helper.cpp): what the runtime records of each plan,
// a replay that is the plan it was tuned with, and a replay under another key that is a refusal.
namespace {

struct fftw_run {
  tune::util::spawn_result process;
  run_outcome outcome;
};

fftw_run run_fftw(const temp_dir& dir, const std::string& name, const std::vector<std::string>& args,
                  std::map<std::string, std::string> env) {
  const auto pilot = dir / (name + ".pilot.json");
  env["TUNE_PILOT_OUT"] = pilot.string();
  env["TUNE_KNOB_FFTW_PLANNER"] = "measure";
  fftw_run r{run_helper(args, std::move(env), FFTW_HELPER), {}};
  if (r.process.exit_code == 0) read_pilot_report(pilot, 0, r.outcome);
  return r;
}

}  // namespace

TEST_CASE("runtime: an FFTW plan is recorded with its wisdom key and the plan FFTW printed") {
  temp_dir dir;
  const auto wisdom = (dir / "w.wisdom").string();
  const auto tuned = run_fftw(dir, "tuned", {"2", "early", "16"}, {{"TUNE_FFTW_WISDOM_OUT", wisdom}});
  REQUIRE(tuned.process.exit_code == 0);
  REQUIRE(tuned.outcome.fftw_plans.size() == 1);
  const auto& made = tuned.outcome.fftw_plans.front();
  CHECK(made.name == "forward 256");
  CHECK(made.made);
  CHECK(made.plan.find("dft") != std::string::npos);
  CHECK(made.planner_threads == 2);
  CHECK(made.effort == "measure");
  CHECK_FALSE(made.wisdom_only);
  CHECK(made.threads_ready);  // the runtime started FFTW's threads; the program did not
  CHECK(made.in_place == false);
  CHECK(made.in_align.value_or(-1) % 16 == 0);
  CHECK(made.out_align.value_or(-1) % 16 == 0);

  SUBCASE("a replay under FFTW_WISDOM_ONLY is the plan the wisdom was made with") {
    const auto replay = run_fftw(dir, "replay", {"2", "early", "16"},
                                 {{"TUNE_FFTW_WISDOM_IN", wisdom}, {"TUNE_FFTW_WISDOM_ONLY", "1"}});
    REQUIRE(replay.process.exit_code == 0);
    REQUIRE(replay.outcome.fftw_plans.size() == 1);
    CHECK(replay.outcome.fftw_plans.front().wisdom_only);
    CHECK(replay.outcome.fftw_plans.front().plan == made.plan);
    CHECK_FALSE(replay_difference(made, replay.outcome.fftw_plans.front()));
  }
  SUBCASE("threads set after the import keep the imported wisdom") {
    // fftw_plan_with_nthreads before fftw_init_threads calls fftw_cleanup, which forgets imported
    // wisdom; the runtime starts the threads before it imports.
    const auto replay =
        run_fftw(dir, "late", {"2", "late", "16"}, {{"TUNE_FFTW_WISDOM_IN", wisdom}, {"TUNE_FFTW_WISDOM_ONLY", "1"}});
    CHECK(replay.process.err == "");
    REQUIRE(replay.process.exit_code == 0);
    CHECK(replay.outcome.fftw_plans.front().plan == made.plan);
  }
  SUBCASE("a replay under another thread count or alignment is a refusal naming the plan") {
    for (const auto& args :
         {std::vector<std::string>{"1", "early", "16"}, std::vector<std::string>{"2", "early", "8"}}) {
      CAPTURE(args[0] + " threads, shift " + args[2]);
      const auto replay =
          run_fftw(dir, "other", args, {{"TUNE_FFTW_WISDOM_IN", wisdom}, {"TUNE_FFTW_WISDOM_ONLY", "1"}});
      CHECK(replay.process.exit_code == 78);
      CHECK(replay.process.err.find("tune: FFTW plan 'forward 256' cannot be reproduced from the plan's wisdom") == 0);
    }
  }
}
