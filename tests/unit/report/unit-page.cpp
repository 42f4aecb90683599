// The report's page (report/page.h) for a scope that has everything a race can record: a seat
// that won, a demotion, a row not runnable here, rows that failed (one after it was timed), a
// companion, declared work, and past mints. What a reader must find is checked in the text; the
// headless browser (tests/e2e/scenarios/report.cmake) checks that a real browser renders it.
#include <doctest/doctest.h>

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <string>

#include "report/chart.h"
#include "report/markup.h"
#include "report/page.h"

using namespace tune;

namespace {

race::race_row timed(double median, double spread = 0.05) {
  race::race_row r;
  r.median_ns = median;
  r.best_ns = median * (1 - spread);
  r.q1_ns = median * (1 - spread / 2);
  r.q3_ns = median * (1 + spread);
  r.rounds = 20;
  return r;
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
  return n;
}

struct fixture {
  race::race_table dot, axpy;
  stamp::family_entry dot_stamp;
  sidecar::document doc;
  std::vector<sidecar::tree_mint> mints;
  report::page_input page;

  fixture() {
    // dot: u8_avx2 won the race but lost the re-race; the fallback u4_base keeps the seat.
    dot.winner = "u4_base";
    dot.fallback = "u4_base";
    dot.verdict = "demoted";
    dot.need_pct = 3;
    dot.demoted = "u8_avx2";
    dot.demoted_margin_pct = -2.5;
    dot.note = "u8_avx2 lost the validation re-race";
    dot.work = race::work_record{256, "flop"};
    dot.rows["u4_base"] = timed(100);
    dot.rows["u8_avx2"] = timed(90);
    dot.rows["u8_avx2"].counters = std::map<std::string, double>{{"cycles", 270}, {"instructions", 812.4}};
    dot.rows["u16_avx512"].rejected = "requires avx512f, which this box lacks";
    dot.rows["u2_crash"].rejected = "crash: killed by SIGSEGV";
    dot.rows["u2_crash"].last_fail_reason =
        race::row_failure{"crash", "killed by SIGSEGV", "<script>alert(1)</script>"};
    dot.rows["u8_late"] = timed(95);
    dot.rows["u8_late"].last_fail_reason = race::row_failure{"gate", "wrong output at call 2 of 3", ""};
    race::race_table layout;
    layout.winner = "u4_base";
    layout.fallback = "u4_base";
    layout.verdict = "holds";
    layout.rows["u4_base"] = timed(50);
    layout.rows["u8_avx2"] = timed(52);
    // dot_shape has its own signature: never timed, it follows dot's seat.
    race::race_table shape;
    shape.winner = "u4_base";
    shape.fallback = "u4_base";
    shape.verdict = "holds";
    shape.note = "not timed: its signature int() is not the family's; it follows dot's seat u4_base";
    shape.rows["u4_base"].rounds = 0;
    shape.rows["u8_avx2"].rounds = 0;
    dot.companion_races = std::map<std::string, race::race_table>{{"dot_layout", layout}, {"dot_shape", shape}};
    // axpy: a row won.
    axpy.winner = "fast";
    axpy.fallback = "slow";
    axpy.verdict = "won";
    axpy.need_pct = 3;
    axpy.margin_pct = 120;
    axpy.rows["fast"] = timed(10);
    axpy.rows["slow"] = timed(22);
    axpy.counters_unavailable = std::map<std::string, std::string>{
        {"cycles", "this CPU or VM has no such hardware event (perf_event_open: ENOENT)"}};

    dot_stamp.suffix = "u4_base";
    dot_stamp.source = "sidecar";
    dot_stamp.why = "sidecar, no margin: u8_avx2 was demoted at -2.5%";
    dot_stamp.median_ns = 100;
    dot_stamp.rate = "2.56 GFLOP/s";

    doc.provenance.box = "linux|x86_64|Test CPU|family 6|6.1";
    doc.provenance.written = "2026-12-01T10:00:00Z";
    doc.provenance.noise = "ok";
    doc.provenance.noise_probes = "start 0.3%; end 0.9%";
    doc.provenance.compiler = "GNU 12.2.0";

    for (int id = 1; id <= 2; ++id) {
      sidecar::tree_mint m;
      m.id = id;
      m.scope = "s";
      m.mint.entry.stamp = fmt::format("20261201T10000{}.000Z", id);
      m.mint.written = fmt::format("2026-12-01T10:00:0{}Z", id);
      m.seats["dot"] = {id == 1 ? "u8_avx2" : "u4_base", id == 1 ? 90.0 : 100.0, std::nullopt, std::nullopt, "won"};
      if (id == 2) {
        sidecar::changes c;
        c.moved.push_back({"dot", "u8_avx2", "u4_base", 4.0, std::nullopt});
        c.raced = {"dot"};
        m.since = c;
        m.previous = 1;
      }
      mints.push_back(m);
    }
    sidecar::tree_mint failed;
    failed.id = 3;
    failed.scope = "s";
    failed.mint.entry.failed = true;
    failed.mint.failure = "noise 12.5% is above the ceiling 10%";
    mints.push_back(failed);

    page.box = doc.provenance.box;
    page.cls = "x86-avx2";
    page.generated = "2026-12-01T11:00:00Z";
    page.tool = "cmake-tune 0.1.0";
    page.build_dir = "/b";
    report::scope_view s;
    s.scope = "s";
    s.verdict = tune::sidecar::verdict::fresh;
    s.verdict_message = "fresh: sidecar \"/b/p.tune.json\" is fresh for scope \"s\".";
    s.sidecar = "/b/p.tune.json";
    s.doc = &doc;
    s.families = {{"dot", &dot, &dot_stamp}, {"axpy", &axpy, nullptr}, {"never", nullptr, nullptr}};
    for (const auto& m : mints) s.history.push_back(&m);
    page.scopes.push_back(s);
  }
};

}  // namespace

TEST_CASE("markup: text from files cannot open a tag or end an attribute; anchors are unique and plain") {
  CHECK(report::escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  CHECK(report::anchor("dot") == "dot");
  CHECK(report::anchor("a b") == "a_20b");
  CHECK(report::anchor("a_b") == "a_5fb");
  CHECK(report::anchor("a b") != report::anchor("a_b"));
  CHECK(report::anchor("a-b") == "a_2db");  // so '-' can join parts
}

TEST_CASE("the page has every family, a chart per race, and what each row did") {
  const fixture f;
  const std::string html = report::render_page(f.page);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  // Self-contained: nothing to fetch, nothing to run.
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("src=") == std::string::npos);
  CHECK(html.find("@import") == std::string::npos);
  CHECK(html.find("default-src 'none'") != std::string::npos);
  CHECK(count(html, "<section class=\"family\"") == 3);
  for (const char* family : {"dot", "axpy", "never"}) {
    CAPTURE(family);
    CHECK(html.find(std::string("data-family=\"") + family + "\"") != std::string::npos);
    CHECK(html.find(std::string("href=\"#family-s-") + family + "\"") != std::string::npos);
  }
  // Charts: dot, its companion, axpy; none for a family without a race.
  CHECK(count(html, "<svg class=\"chart\"") == 3);
  CHECK(html.find("the sidecar has no race of it.") != std::string::npos);
  // The seat, the fallback and the demoted row are marked; every timed row is drawn, none untimed.
  CHECK(html.find("<g class=\"row seat fallback\" data-row=\"u4_base\">") != std::string::npos);
  CHECK(html.find("<g class=\"row demoted\" data-row=\"u8_avx2\">") != std::string::npos);
  CHECK(html.find("<g class=\"row failed after timing\" data-row=\"u8_late\">") != std::string::npos);
  CHECK(html.find("<g class=\"row seat\" data-row=\"fast\">") != std::string::npos);
  CHECK(html.find("<g class=\"row fallback\" data-row=\"slow\">") != std::string::npos);
  CHECK(count(html, "data-row=\"u16_avx512\"") == 1);  // listed as rejected, not drawn
  // Rates where work was declared, none where it was not.
  CHECK(html.find("100.0 ns, 2.56 GFLOP/s · seat fallback") != std::string::npos);
  CHECK(html.find("10.0 ns · seat") != std::string::npos);
  CHECK(count(html, "FLOP/s") == 4);  // dot's three timed rows and its stamp line
  // Hardware counts where the race read them (u8_avx2 alone; the others show none), why not where not.
  CHECK(count(html, "<table class=\"counters\">") == 1);
  CHECK(html.find("<tr><td>u8_avx2</td><td class=\"num\">270</td><td class=\"num\">812</td><td "
                  "class=\"num\">-</td><td class=\"num\">-</td></tr>") != std::string::npos);
  CHECK(html.find("<tr><td>u4_base</td>") == std::string::npos);
  CHECK(html.find("<p class=\"counters unavailable\">hardware counters not counted: cycles: this CPU or VM has no "
                  "such hardware event (perf_event_open: ENOENT)</p>") != std::string::npos);
  // Rows left out, with their reasons; a diagnostic is text, never markup.
  CHECK(html.find("<li class=\"rejected\" data-row=\"u16_avx512\"><b>u16_avx512</b>: rejected: requires avx512f, "
                  "which this box lacks") != std::string::npos);
  CHECK(html.find("<li class=\"failed\" data-row=\"u2_crash\"><b>u2_crash</b>: failed: crash: killed by SIGSEGV") !=
        std::string::npos);
  CHECK(html.find("<pre>&lt;script&gt;alert(1)&lt;/script&gt;</pre>") != std::string::npos);
  CHECK(html.find("failed after it was timed: gate: wrong output at call 2 of 3") != std::string::npos);
  // What the binary runs, from the stamp record; the companion's race.
  CHECK(html.find("runs <b>u4_base</b>, 100.0 ns, 2.56 GFLOP/s (source: sidecar, no margin: u8_avx2 was demoted at "
                  "-2.5%)") != std::string::npos);
  CHECK(html.find("not stamped yet") != std::string::npos);
  CHECK(html.find("<section class=\"companion\" data-companion=\"dot_layout\">") != std::string::npos);
  CHECK(html.find("u8_avx2 demoted at -2.5%") != std::string::npos);
  // A companion that was not timed has a seat and the reason, no race line and no chart.
  CHECK(html.find("<p class=\"race untimed\">no row was timed; seat u4_base: not timed: its signature int() is not "
                  "the family&#39;s; it follows dot&#39;s seat u4_base</p>") != std::string::npos);
  CHECK(count(html, "winner u4_base over fallback u4_base") == 2);  // dot and dot_layout, not dot_shape
  // The box, the noise probes, the past mints with the seats that moved, and a failed mint.
  CHECK(html.find("<dt>noise probes</dt><dd>start 0.3%; end 0.9%</dd>") != std::string::npos);
  CHECK(html.find("<dt>class</dt><dd>x86-avx2</dd>") != std::string::npos);
  CHECK(html.find("raced dot; dot: u8_avx2 (margin 4.0%) → u4_base") != std::string::npos);
  CHECK(html.find("first readable mint in the history") != std::string::npos);
  CHECK(html.find("failed, the sidecar kept: noise 12.5% is above the ceiling 10%") != std::string::npos);
  CHECK(html.find("<li>#1 <span class=\"date\">2026-12-01T10:00:01Z</span>: u8_avx2, 90.0 ns</li><li>#2 <span "
                  "class=\"date\">2026-12-01T10:00:02Z</span>: u4_base, 100.0 ns</li>") != std::string::npos);
}

TEST_CASE("a page still says what it can without a sidecar or an archive") {
  fixture f;
  auto& s = f.page.scopes[0];
  s.doc = nullptr;
  s.families = {{"dot", nullptr, &f.dot_stamp}};
  s.history.clear();
  s.history_problem = "cannot find the mint history folder: none of TUNE_HISTORY, XDG_STATE_HOME and HOME is set";
  s.verdict = tune::sidecar::verdict::absent;
  const std::string html = report::render_page(f.page);
  CHECK(html.find("no race to show: the sidecar is absent or unreadable") != std::string::npos);
  CHECK(html.find("The past mints cannot be shown: cannot find the mint history folder") != std::string::npos);
  CHECK(html.find("<p class=\"verdict not-fresh\">") != std::string::npos);
  CHECK(html.find("<dt>noise probes</dt>") == std::string::npos);
}

TEST_CASE("the chart puts every timed row on one scale, fastest first, with round ticks") {
  fixture f;
  const std::string svg = report::race_chart(f.axpy, "axpy");
  const auto fast = svg.find("data-row=\"fast\"");
  const auto slow = svg.find("data-row=\"slow\"");
  REQUIRE(fast != std::string::npos);
  REQUIRE(slow != std::string::npos);
  CHECK(fast < slow);
  // fast's best (9.5) is not far from 0 against slow's q3 (23.1): linear from 0 to 30 in steps of 10.
  for (const char* tick : {">0 ns</text>", ">10 ns</text>", ">20 ns</text>", ">30 ns</text>"})
    CHECK(svg.find(tick) != std::string::npos);
  CHECK(svg.find(">time per call</text>") != std::string::npos);
  // The median tick of slow at 22 / 30 of the plot's 380 units past 220.
  CHECK(svg.find(fmt::format("x1=\"{:.1f}\"", 220 + 380 * 22 / 30.0)) != std::string::npos);
  race::race_table untimed;
  untimed.rows["x"].rejected = "no";
  CHECK(report::race_chart(untimed, "none") == "");
}

namespace {

// 1, 2 or 5 times a power of 10.
bool round_value(double v) {
  const double p = std::pow(10.0, std::floor(std::log10(v) + 1e-9));
  for (const double m : {1.0, 2.0, 5.0, 10.0})
    if (std::abs(v / p - m) < 1e-6) return true;
  return false;
}

// A log axis ticks round values; a linear one whole multiples of a round step.
bool round_ticks(const report::time_axis& a) {
  if (a.ticks.size() < 2) return false;
  if (a.log) return std::all_of(a.ticks.begin(), a.ticks.end(), round_value);
  const double step = a.ticks[1] - a.ticks[0];
  if (!round_value(step)) return false;
  for (std::size_t i = 0; i < a.ticks.size(); ++i)
    if (std::abs(a.ticks[i] / step - std::round(a.ticks[i] / step)) > 1e-6 ||
        std::abs(a.ticks[i] - a.ticks[0] - step * static_cast<double>(i)) > step * 1e-6)
      return false;
  return true;
}

}  // namespace

TEST_CASE("rows that cluster far from 0 get a zoomed axis, a slow outlier a log axis, ticks are round") {
  // 8 to 10 µs: zoomed to 8 to 10 µs in steps of 0.5 µs; the two ends are the plot's two ends.
  const auto zoomed = report::axis_for(8000, 10000);
  CHECK_FALSE(zoomed.log);
  CHECK(zoomed.ticks == std::vector<double>{8000, 8500, 9000, 9500, 10000});
  CHECK(zoomed.at(8000) == doctest::Approx(0));
  CHECK(zoomed.at(10000) == doctest::Approx(1));
  // 4.5 to 10 µs spread over half of the range from 0: linear from 0.
  const auto from_zero = report::axis_for(4500, 10000);
  CHECK_FALSE(from_zero.log);
  CHECK(from_zero.ticks == std::vector<double>{0, 5000, 10000});
  // Rows of 4.5 to 10 µs beside one of 233 µs: on a linear axis from 0 they lay within 2.4% of the
  // plot (9 of its 380 units); on the log axis they take a seventh of it (55 units).
  const auto log = report::axis_for(4500, 233000);
  CHECK(log.log);
  CHECK(log.at(10000) - log.at(4500) > 0.14);
  CHECK(log.at(233000) <= 1);
  CHECK(log.ticks.front() <= 4500);
  CHECK(log.ticks.back() >= 233000);
  CHECK(log.ticks.size() <= 8);
  // Never a tick such as 58145.
  // Not a structured binding: Clang 14 (the sanitizer build) cannot capture one in CAPTURE's lambda.
  for (const auto& range : std::vector<std::pair<double, double>>{
           {50, 58145}, {4500, 233000}, {9.5, 23.1}, {85.5, 105}, {0.3, 0.45}, {1, 1e9}, {120, 121}, {8000, 10000}}) {
    const double lo = range.first, hi = range.second;
    CAPTURE(lo);
    CAPTURE(hi);
    const auto axis = report::axis_for(lo, hi);
    CHECK(round_ticks(axis));
    CHECK(axis.ticks.front() <= lo * (1 + 1e-9));
    CHECK(axis.ticks.back() >= hi * (1 - 1e-9));
  }
  // The chart says when its axis is not linear from 0.
  race::race_table clustered;
  clustered.rows["a"] = timed(8400, 0.02);
  clustered.rows["b"] = timed(9500, 0.02);
  CHECK(report::race_chart(clustered, "c").find(">time per call, axis not from 0</text>") != std::string::npos);
  clustered.rows["slow"] = timed(216000, 0.02);
  CHECK(report::race_chart(clustered, "c").find(">time per call, log scale</text>") != std::string::npos);
  CHECK(report::tick_text(50000) == "50 µs");
  CHECK(report::tick_text(2500) == "2.5 µs");
  CHECK(report::tick_text(500) == "500 ns");
  CHECK(report::tick_text(2e7) == "20 ms");
}

TEST_CASE("the page shows a box as its fields, dates unwrapped, and the rows a GENERATOR proposed") {
  fixture f;
  f.page.scopes[0].families[1].generated =
      stamp::generated_rows{"/b/tune/axpy_generate_meta.json", {{"fast", "unroll 8 fits the 32 KiB L1"}}};
  const std::string html = report::render_page(f.page);
  CHECK(html.find("linux|x86_64") == std::string::npos);
  CHECK(html.find("<dt>box CPU</dt><dd>Test CPU</dd>") != std::string::npos);
  CHECK(html.find("<dt>measured on OS release</dt><dd>6.1</dd>") != std::string::npos);
  CHECK(html.find(".date { white-space: nowrap;") != std::string::npos);
  CHECK(html.find("<dt>measured</dt><dd class=\"date\">2026-12-01T10:00:00Z</dd>") != std::string::npos);
  CHECK(html.find("<td class=\"date\">2026-12-01T10:00:01Z</td>") != std::string::npos);
  CHECK(html.find("<li data-row=\"fast\"><b>fast</b>: unroll 8 fits the 32 KiB L1</li>") != std::string::npos);
  CHECK(html.find("rows its GENERATOR proposed (/b/tune/axpy_generate_meta.json)") != std::string::npos);
}

TEST_CASE("a searched family's page says what its search did and which batch timed a row") {
  fixture f;
  race::search_record search;
  search.strategy = "auto";
  search.seed = 7;
  search.space_size = 3712;
  search.visited = 401;
  search.compiled = 400;
  search.budget_rows = 400;
  search.stopped_because = "budget_rows";
  search.batches = 13;
  search.seconds = 44.7;
  f.axpy.search = search;
  f.axpy.rows["slow"].search_batch = 3;
  const std::string html = report::render_page(f.page);
  CHECK(html.find("searched 401 of 3712 rows (auto, seed 7): 400 compiled in 13 batches, 44.7 s; stopped at its "
                  "budget of 400 rows; the chart shows the rows it visited") != std::string::npos);
  CHECK(html.find("timed in batch 3 of the family&#39;s search") != std::string::npos);
}
