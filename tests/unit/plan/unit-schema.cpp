// The files a search writes conform to their schemas (tuner/plan/schemas/): a real plan and
// report from the helper program, and a report of a fake search that has every section filled.
#include <doctest/doctest.h>

#include "plan/plan_search.h"
#include "plan/report.h"
#include "test_files.h"
#include "plan_rig.h"
#include "schema_checker.h"
#include "util/atomic_file.h"

using namespace tune::plan;
using tune::test::temp_dir;

namespace {

nlohmann::json schema(const std::string& name) {
  return nlohmann::json::parse(*tune::util::read_file(std::string(TUNE_PLAN_SCHEMA_DIR) + "/" + name));
}

std::string violations(const nlohmann::json& s, const nlohmann::json& doc) {
  std::string all;
  for (const auto& v : tune::test::schema_violations(s, doc)) all += v + "\n";
  return all;
}

}  // namespace

TEST_CASE("schema: a written plan and report conform") {
  temp_dir dir;
  plan_search_request r;
  r.argv = {PILOT_HELPER, "windows", "3"};
  r.budget_s = 5;
  r.plan_path = dir / "app.plan.json";
  r.report_path = dir / "app.plan-report.json";
  r.busy_threshold = 1.0;
  run_plan_search(r, "0.1.0");
  const auto plan = nlohmann::json::parse(*tune::util::read_file(r.plan_path));
  const auto report = nlohmann::json::parse(*tune::util::read_file(r.report_path));
  CHECK(violations(schema("tune-plan-1.schema.json"), plan) == "");
  CHECK(violations(schema("tune-plan-report-1.schema.json"), report) == "");
}

TEST_CASE("schema: a report with candidates, pairs, a winner and failures conforms") {
  tune::plan::testing::rig t;
  t.program.window_s = [](const tune::plan::testing::fake_settings& s, int) { return s.omp == 1 ? 0.008 : 0.010; };
  t.program.fails = [](const tune::plan::testing::fake_settings& s, int) -> std::optional<run_outcome::state> {
    if (s.fftw == 2) return run_outcome::state::crashed;
    return std::nullopt;
  };
  const auto record = t.run();
  REQUIRE(record.winner);
  const auto report = report_json(record, std::nullopt, "cmake-tune 0.1.0", "2026-11-29T18:00:00Z");
  CHECK(violations(schema("tune-plan-report-1.schema.json"), report) == "");
  // The checker is not blind: a wrong status is caught.
  auto broken = report;
  broken["status"] = "fine";
  CHECK(violations(schema("tune-plan-report-1.schema.json"), broken) != "");
}
