// One whole `tune plan search` on the helper program (no numerical library, so nothing to
// search): the report and the plan are written, tied together by the report's hash; a failing
// baseline still leaves its report; only improved plans enter the cache.
#include <doctest/doctest.h>

#include "plan/plan_file.h"
#include "plan/plan_search.h"
#include "test_files.h"
#include "util/atomic_file.h"
#include "util/sha256.h"

using namespace tune::plan;
using tune::test::temp_dir;

namespace {

plan_search_request request_for(const temp_dir& dir, std::vector<std::string> argv) {
  plan_search_request r;
  r.argv = std::move(argv);
  r.budget_s = 5;
  r.plan_path = dir / "app.plan.json";
  r.report_path = dir / "app.plan-report.json";
  r.cache_dir = dir / "cache";
  r.busy_threshold = 1.0;  // a shared test machine must not turn this into machine_busy
  return r;
}

}  // namespace

TEST_CASE("plan search: a program with no knobs gets a baseline plan and a complete report") {
  temp_dir dir;
  const auto result = run_plan_search(request_for(dir, {PILOT_HELPER, "windows", "3"}), "test");
  CHECK(result.plan_written);
  CHECK(result.record.status == search_status::baseline);
  const auto report = tune::util::read_file(dir / "app.plan-report.json");
  REQUIRE(report);
  const auto doc = nlohmann::json::parse(*report);
  CHECK(doc.at("format") == "tune-plan-report/1");
  CHECK(doc.at("status") == "baseline");
  CHECK(doc.at("runs").size() == 1);
  CHECK(doc.at("runs").at(0).at("windows_s").size() == 3);
  CHECK(doc.at("break_even_windows").is_null());
  const auto plan = read_plan(dir / "app.plan.json");
  CHECK(plan.evidence.status == "baseline");
  CHECK(plan.evidence.report_sha256 == tune::util::sha256_hex(*report));
  CHECK(plan.identity.args == std::vector<std::string>{"windows", "3"});
  CHECK(plan.identity.pilot_windows == 3);
  CHECK(plan.identity.program.sha256 == tune::util::sha256_file(PILOT_HELPER));
  CHECK(plan.settings.empty());
  CHECK_FALSE(std::filesystem::exists(dir / "cache"));  // only improved plans are cached
}

TEST_CASE("plan search: a failing baseline is an error, and its report says why") {
  temp_dir dir;
  CHECK_THROWS_WITH_AS(run_plan_search(request_for(dir, {PILOT_HELPER, "fail"}), "test"),
                       "the baseline failed (exit 3: helper: asked to fail): there is nothing to compare candidates "
                       "against; fix the program or its pilot ARGS",
                       baseline_failure);
  const auto doc = nlohmann::json::parse(*tune::util::read_file(dir / "app.plan-report.json"));
  CHECK(doc.at("status") == "error");
  CHECK(doc.at("runs").at(0).at("failure") == "exit 3: helper: asked to fail");
  CHECK_FALSE(std::filesystem::exists(dir / "app.plan.json"));
}

TEST_CASE("plan search: invalid requests are refused before anything runs") {
  temp_dir dir;
  auto r = request_for(dir, {PILOT_HELPER, "windows", "3"});
  r.knobs = {"omp_treads"};
  CHECK_THROWS_AS(run_plan_search(r, "test"), std::runtime_error);
  r = request_for(dir, {PILOT_HELPER, "windows", "3"});
  r.tolerance = "rel";
  CHECK_THROWS_AS(run_plan_search(r, "test"), std::runtime_error);
  CHECK_FALSE(std::filesystem::exists(dir / "app.plan-report.json"));
}
