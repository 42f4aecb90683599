// The files a search writes conform to their schemas (docs/schemas/): a real plan and
// report from the helper program, a report of a fake search that has every section filled, and
// the pilot reports the runtime writes for the search; and the simulator's landscapes, which
// the schema and the parser judge alike.
#include <doctest/doctest.h>

#include <functional>
#include <utility>
#include <vector>

#include "plan/landscape.h"
#include "plan/plan_search.h"
#include "plan/report.h"
#include "test_files.h"
#include "plan_rig.h"
#include "schema_checker.h"
#include "util/atomic_file.h"
#include "util/subprocess.h"

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

TEST_CASE("schema: the runtime's pilot reports conform") {
  temp_dir dir;
  // The helper run as the process worker runs it, but with the report kept (the worker removes
  // each run's folder once it has read the report).
  for (const std::string mode : {"windows", "unplanned"}) {
    CAPTURE(mode);
    tune::util::spawn_options spawn;
    spawn.argv = {PILOT_HELPER, mode, "3"};
    spawn.env = std::map<std::string, std::string>{{"TUNE_KNOB_WIDTH", "9"},
                                                   {"TUNE_PILOT_OUT", (dir / (mode + ".json")).string()}};
    spawn.capture_stdout = true;
    spawn.timeout = std::chrono::seconds(10);
    REQUIRE(tune::util::run_process(spawn).exit_code == 0);
    const auto text = tune::util::read_file(dir / (mode + ".json"));
    REQUIRE(text);
    CHECK(violations(schema("tune-pilot-1.schema.json"), nlohmann::json::parse(*text)) == "");
  }
}

TEST_CASE("schema: the shipped landscapes conform, and what the simulator refuses the schema refuses") {
  const auto s = schema("tune-plan-landscape-1.schema.json");
  for (const char* name : {"example-16", "device-16", "synthetic-8", "synthetic-64"}) {
    CAPTURE(name);
    const auto path = std::string(TUNE_PLAN_LANDSCAPE_DIR) + "/" + name + ".json";
    const auto doc = nlohmann::json::parse(*tune::util::read_file(path));
    CHECK(violations(s, doc) == "");
    auto shifted = doc;
    shifted["level_shifts"] = {{"share_pct", 30}, {"factor", 1.5}, {"mean_s", 5}};
    CHECK(violations(s, shifted) == "");
    CHECK_NOTHROW(parse_landscape(shifted.dump(), name));
  }
  const auto doc =
      nlohmann::json::parse(*tune::util::read_file(std::string(TUNE_PLAN_LANDSCAPE_DIR) + "/synthetic-8.json"));
  const std::vector<std::pair<const char*, std::function<void(nlohmann::json&)>>> breaks = {
      {"a key the format lacks",
       [](nlohmann::json& d) {
         d["level_shift"] = {{"share_pct", 30}};
       }},
      {"a key a point lacks", [](nlohmann::json& d) { d["points"][0]["setup"] = 1; }},
      {"no knobs", [](nlohmann::json& d) { d["knobs"] = nlohmann::json::object(); }},
      {"an unknown knob",
       [](nlohmann::json& d) {
         d["knobs"]["omp_threadz"] = {"1", "2"};
       }},
      {"a knob of one value", [](nlohmann::json& d) { d["knobs"]["fftw_planner"] = {"measure"}; }},
      {"slow phases all the time",
       [](nlohmann::json& d) {
         d["level_shifts"] = {{"share_pct", 100}, {"factor", 1.5}, {"mean_s", 5}};
       }},
      {"a window under a nanosecond", [](nlohmann::json& d) { d["points"][0]["window_s"] = 1e-10; }}};
  for (const auto& entry : breaks) {
    const std::string what = entry.first;
    CAPTURE(what);
    auto broken = doc;
    entry.second(broken);
    CHECK(violations(s, broken) != "");
    CHECK_THROWS_AS(parse_landscape(broken.dump(), what), std::runtime_error);
  }
}
