// The bench's race table (harness/result_json.h) is what the sidecar records: it must always be a
// table the sidecar's format accepts.
#include <doctest/doctest.h>

#include "harness/result_json.h"
#include "race/engine.h"
#include "race/family_race.h"
#include "race/same_code.h"
#include "sidecar/format.h"

using namespace tune;

TEST_CASE("a family whose only runnable row is its fallback records the row untimed, in the sidecar's format") {
  race::family_input in;
  in.name = "dot";
  in.rows = {{"base", std::nullopt, std::nullopt},
             {"fast", std::string("gate: wrong output"), race::row_failure{"gate", "wrong output", ""}}};
  const race::family_result r = race::list_family(in, 0.03);
  bench::family_info info;
  info.name = "dot";
  info.rows = {{"base", "", true, true, ""}, {"fast", "", false, true, ""}};
  const nlohmann::json table = bench::table_of(r, info, {});
  CHECK_FALSE(table["rows"]["base"].contains("median_ns"));
  CHECK(table["rows"]["base"]["rounds"] == 0);
  CHECK(table["rows"]["fast"]["last_fail_reason"]["stage"] == "gate");
  nlohmann::json doc = sidecar::empty_document();
  doc["kernels"]["dot"] = "base";
  doc["race"]["dot"] = table;
  doc["provenance"] = {{"box", "linux|x86_64|cpu|family 6 model 1 stepping 1|6.1"},
                       {"written", "2026-12-01T00:00:00Z"},
                       {"tool", "cmake-tune 0.1.0"}};
  CHECK(sidecar::shape_error(doc).value_or("conforms") == "conforms");
}

TEST_CASE("the bench's answer to a race reads back as written, with errors only when a family has one") {
  race::race_answer answer;
  answer.mint.status = "ok";
  answer.mint.probes = {{"start", 0.8, std::nullopt}};
  answer.features = "avx2;fma";
  answer.telemetry["before"] = {{"load", 0.5}};
  race::race_table table;
  table.winner = "fast";
  table.fallback = "base";
  table.verdict = "won";
  table.margin_pct = 12.0;
  table.rows["fast"].median_ns = 50;
  answer.families["dot"] = table;
  nlohmann::json written = answer;
  CHECK_FALSE(written.contains("errors"));
  auto read = written.get<race::race_answer>();
  CHECK(nlohmann::json(read) == written);
  CHECK(read.families.at("dot").margin_pct == doctest::Approx(12.0));
  CHECK(read.mint.probes.at(0).label == "start");

  answer.errors["gemm"] = "the reference row crashed";
  written = answer;
  CHECK(written["errors"]["gemm"] == "the reference row crashed");
  CHECK(written.get<race::race_answer>().errors == answer.errors);
}

TEST_CASE("the mint's race request reads back as written; no budget is null, not zero") {
  race::race_request request;
  request.scope = "s";
  request.families = {"dot", "gemm"};
  request.incumbents = {{"dot", "u4"}};
  request.seed = 42;
  nlohmann::json written = request;
  CHECK(written["budget_s"].is_null());
  CHECK_FALSE(written.contains("codes"));  // rows without identities: nothing to de-duplicate
  auto read = written.get<race::race_request>();
  CHECK(read.families == request.families);
  CHECK(read.incumbents == request.incumbents);
  CHECK(read.codes.empty());
  CHECK_FALSE(written.contains("failed"));
  request.codes["dot"] = {{"u1", "aa"}, {"u2", "aa"}};
  request.failed["dot"]["u8"] = race::row_failure{"crash", "killed by SIGSEGV", "first line"};
  const auto back = nlohmann::json(request).get<race::race_request>();
  CHECK(back.codes == request.codes);
  REQUIRE(back.failed.count("dot"));
  CHECK(back.failed.at("dot").at("u8").summary() == "crash: killed by SIGSEGV");
  CHECK(back.failed.at("dot").at("u8").diagnostic == "first line");
  CHECK_FALSE(nlohmann::json(request).contains("only_rows"));
  request.only_rows["dot"] = {"u8", "u4"};
  request.baseline["dot"] = "u4";
  const auto rerun = nlohmann::json(request).get<race::race_request>();
  CHECK(rerun.only_rows == request.only_rows);
  CHECK(rerun.baseline == request.baseline);
  CHECK_FALSE(read.budget_s);
  CHECK(read.seed == 42u);
  request.budget_s = 30;
  CHECK(nlohmann::json(request).get<race::race_request>().budget_s == doctest::Approx(30));
}

TEST_CASE("a rate is one call's work over its time, with the prefix that keeps it readable") {
  CHECK(race::rate_text({2.0 * 4096, "flop"}, 2868) == "2.86 GFLOP/s");
  CHECK(race::rate_text({1e6, "byte"}, 1e6) == "1.00 GB/s");
  CHECK(race::rate_text({4096, "add"}, 1e6) == "4.10 Madd/s");
  CHECK(race::rate_text({4096, "add"}, 100) == "41.0 Gadd/s");
  CHECK(race::rate_text({1, "add"}, 1e7) == "100 add/s");
  CHECK(race::rate_text({1e6, "flop"}, 1) == "1000 TFLOP/s");  // T is the largest prefix
}

namespace {

// fast won from base; one call is 8192 flop.
race::race_table won_with_work() {
  race::race_table table;
  table.winner = "fast";
  table.fallback = "base";
  table.verdict = "won";
  table.work = race::work_record{8192, "flop"};
  return table;
}

}  // namespace

TEST_CASE("a race table keeps the fixture's work; the format refuses work it cannot turn into a rate") {
  const race::race_table table = won_with_work();
  const nlohmann::json written = table;
  CHECK(written["work"] == nlohmann::json{{"amount", 8192.0}, {"unit", "flop"}});
  const auto read = written.get<race::race_table>();
  REQUIRE(read.work);
  CHECK(read.work->amount == 8192);
  CHECK(read.work->unit == "flop");
  CHECK_FALSE(nlohmann::json(race::race_table{}).contains("work"));
  CHECK_FALSE(sidecar::race_table_shape_error(written, "race.dot"));
  auto zero = written;
  zero["work"]["amount"] = 0;
  CHECK(sidecar::race_table_shape_error(zero, "race.dot") ==
        std::optional<std::string>("race.dot.work.amount is an integer, expected a positive number"));
  auto no_unit = written;
  no_unit["work"].erase("unit");
  CHECK(sidecar::race_table_shape_error(no_unit, "race.dot") ==
        std::optional<std::string>("race.dot.work has no \"unit\""));
}

TEST_CASE("a race table keeps its rows' hardware counts, or why none could be read; time_of reads a row") {
  race::race_table table = won_with_work();
  table.rows["fast"].median_ns = 2048;
  table.rows["fast"].counters = std::map<std::string, double>{{"cycles", 5120.5}, {"instructions", 9000}};
  table.rows["base"].rejected = "requires avx2";
  table.counters_unavailable =
      std::map<std::string, std::string>{{"branch_misses", "no PMU"}, {"cache_misses", "no PMU"}, {"cycles", "other"}};
  const nlohmann::json written = table;
  CHECK(written["rows"]["fast"]["counters"] == nlohmann::json{{"cycles", 5120.5}, {"instructions", 9000.0}});
  CHECK_FALSE(written["rows"]["base"].contains("counters"));
  const auto read = written.get<race::race_table>();
  CHECK(read.rows.at("fast").counters == table.rows.at("fast").counters);
  CHECK(read.counters_unavailable == table.counters_unavailable);
  CHECK(read.other.empty());
  CHECK_FALSE(nlohmann::json(race::race_table{}).contains("counters_unavailable"));
  CHECK(race::counters_unavailable_text(*table.counters_unavailable) ==
        "branch_misses and cache_misses: no PMU; cycles: other");
  CHECK(race::counters_unavailable_text({{"a", "x"}, {"b", "x"}, {"c", "x"}}) == "a, b and c: x");
  CHECK(race::count_text(2310.4) == "2310");
  CHECK(race::count_text(41.26) == "41.3");
  CHECK(race::count_text(0.004123) == "0.00412");  // a small count is not shown as 0
  CHECK(race::count_text(0) == "0");

  const auto t = race::time_of(table, "fast");
  REQUIRE(t);
  CHECK(t->median_ns == 2048);
  CHECK(t->rate == std::optional<std::string>("4.00 GFLOP/s"));
  CHECK_FALSE(race::time_of(table, "base"));
  CHECK_FALSE(race::time_of(table, "absent"));
  CHECK(table.timed());
  table.rows.erase("fast");
  CHECK_FALSE(table.timed());
}

TEST_CASE("a row of the same code is listed against its raced row, with that row's time, in every table") {
  race::race_table table = won_with_work();
  table.rows["fast"].median_ns = 2048;
  table.rows["fast2"].rejected = race::same_code_text("fast");
  table.rows["slow"].rejected = "gate: wrong output";  // not a duplicate: keeps its reason
  race::race_table companion;
  companion.rows["fast"].median_ns = 1024;
  companion.rows["fast2"].rejected = race::same_code_text("fast");
  table.companion_races = std::map<std::string, race::race_table>{{"dot_layout", companion}};
  bench::add_same_code(table, {{"fast2", "fast"}, {"slow", "fast"}});
  const nlohmann::json written = table;
  CHECK(written["rows"]["fast2"] == nlohmann::json{{"same_code_as", "fast"}});
  CHECK(written["rows"]["slow"]["rejected"] == "gate: wrong output");
  CHECK(written["companion_races"]["dot_layout"]["rows"]["fast2"] == nlohmann::json{{"same_code_as", "fast"}});
  CHECK(written.get<race::race_table>().rows.at("fast2").same_code_as == std::optional<std::string>("fast"));
  CHECK_FALSE(sidecar::race_table_shape_error(written, "race.dot"));
  const auto t = race::time_of(table, "fast2");
  REQUIRE(t);
  CHECK(t->median_ns == 2048);
}

TEST_CASE("provenance.validation says which crowned seats were demoted, and ok only when none was") {
  std::map<std::string, race::race_table> families;
  families["axpy"] = won_with_work();
  families["sum"].verdict = "holds";
  CHECK(race::validation_text(families) == "ok");
  auto& dot = families["dot"];
  dot.verdict = "demoted";
  dot.demoted = "u8_avx2";
  dot.demoted_margin_pct = -2.5;
  race::race_table layout;
  layout.verdict = "demoted";
  layout.demoted = "u4";
  dot.companion_races = std::map<std::string, race::race_table>{{"layout", layout}};
  CHECK(race::validation_text(families) == "demoted: dot (u8_avx2 at -2.5%); dot.layout (u4)");
}
