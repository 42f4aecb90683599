// The engine's decisions on synthetic timings (docs/measurement.md rules 1-7): planted winners, twins,
// ties, outliers and rejected rows.
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "race/same_code.h"
#include "race_rig.h"

using namespace tune::race;
using tune::race::testing::rig;

TEST_CASE("a planted winner twice as fast is crowned") {
  rig r;
  r.add("dot", {{"base", 1000}, {"fast", 500}, {"other", 1000}});
  const mint_result m = r.run();
  REQUIRE(m.status == mint_status::ok);
  REQUIRE(m.families.size() == 1);
  const family_result& f = m.families[0];
  CHECK(f.winner == "fast");
  CHECK(f.fallback == "base");
  CHECK(f.outcome == verdict::won);
  CHECK(f.need_pct == doctest::Approx(3.0));
  CHECK(f.margin_pct.value() == doctest::Approx(100).epsilon(0.05));
  CHECK(f.drift_pct.has_value());
  CHECK_FALSE(f.demoted.has_value());
  // the fallback and the winner race the final; `other` is 2x slower than the best, screened out
  CHECK(f.rows[0].finalist);
  CHECK(f.rows[1].finalist);
  CHECK_FALSE(f.rows[2].finalist);
  CHECK(f.rows[1].rounds == r.p.screen_rounds + r.p.final_rounds);
  CHECK(f.rows[2].rounds == r.p.screen_rounds);
  CHECK(f.rows[1].median_ns.value() == doctest::Approx(500).epsilon(0.02));
  CHECK(f.rows[1].best_ns.value() <= f.rows[1].median_ns.value());
  CHECK(f.note.rfind("fast is ", 0) == 0);
}

TEST_CASE("byte-identical twins never unseat the fallback") {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    CAPTURE(seed);
    rig r(seed);
    r.timer.rows.cv = 0.03;
    r.add("dot", {{"base", 1000}, {"twin1", 1000}, {"twin2", 1000}, {"twin3", 1000}});
    const family_result f = r.run().families.at(0);
    CHECK(f.winner == "base");
    CHECK((f.outcome == verdict::holds || f.outcome == verdict::tie));
    CHECK_FALSE(f.margin_pct.has_value());
  }
}

TEST_CASE("ties: the incumbent keeps the seat, else the fallback, else the first in grid order") {
  SUBCASE("twins of the fallback, no incumbent: fallback, tie") {
    rig r;
    r.add("dot", {{"base", 1000}, {"twin", 1000}});
    const family_result f = r.run().families.at(0);
    CHECK(f.winner == "base");
    CHECK(f.outcome == verdict::tie);
  }
  SUBCASE("twins of the fallback, the fallback is the incumbent: fallback, tie") {
    rig r;
    r.add("dot", {{"base", 1000}, {"twin", 1000}}, "base");
    const family_result f = r.run().families.at(0);
    CHECK(f.winner == "base");
    CHECK(f.outcome == verdict::tie);
  }
  SUBCASE("two equal winners, no incumbent: the first in grid order") {
    rig r;
    r.add("dot", {{"base", 1000}, {"a", 800}, {"b", 800}});
    const family_result f = r.run().families.at(0);
    CHECK(f.winner == "a");
    CHECK(f.outcome == verdict::won);
  }
  SUBCASE("two equal winners, the second is the incumbent: it keeps the seat") {
    rig r;
    r.add("dot", {{"base", 1000}, {"a", 800}, {"b", 800}}, "b");
    const family_result f = r.run().families.at(0);
    CHECK(f.winner == "b");
    CHECK(f.outcome == verdict::won);
    CHECK(f.note.find("the incumbent keeps the seat") != std::string::npos);
  }
  SUBCASE("an incumbent from a stale sidecar, tied with the best, keeps the seat") {
    // the engine receives the previous winner whatever the sidecar's age; `b` is 1.9% behind `a`
    rig r;
    r.add("dot", {{"base", 1000}, {"a", 800}, {"b", 815}}, "b");
    const family_result f = r.run().families.at(0);
    CHECK(f.winner == "b");
    CHECK(f.outcome == verdict::won);
    CHECK(f.note.find("the incumbent keeps the seat") != std::string::npos);
    // without it the first tied row in grid order takes the seat
    rig fresh;
    fresh.add("dot", {{"base", 1000}, {"a", 800}, {"b", 815}});
    CHECK(fresh.run().families.at(0).winner == "a");
  }
  SUBCASE("an incumbent the family no longer has is ignored") {
    rig r;
    r.add("dot", {{"base", 1000}, {"a", 800}, {"b", 815}}, "removed_row");
    const family_result f = r.run().families.at(0);
    CHECK(f.winner == "a");
    CHECK(f.note.find("incumbent") == std::string::npos);
  }
  SUBCASE("an incumbent the screen's disturbed rounds put outside the band is still a finalist, and keeps the seat") {
    rig r;
    r.add("dot", {{"base", 1000}, {"a", 800}, {"b", 800}}, "b");
    std::string phase;
    r.timer.ns_per_call = [&](std::size_t, std::size_t row) {
      if (row == 0) return 1000.0;
      return row == 2 && phase == "screen" ? 1000.0 : 800.0;  // b: disturbed through the whole screen
    };
    event_sink events;
    events.step = [&](const std::string&, const std::string& p, int, int, int) { phase = p; };
    const family_result f = r.run(events).families.at(0);
    CHECK(f.rows.at(2).finalist);
    CHECK(f.winner == "b");
    CHECK(f.note.find("the incumbent keeps the seat") != std::string::npos);
  }
  SUBCASE("an incumbent that is now clearly slower loses the seat") {
    rig r;
    r.add("dot", {{"base", 1000}, {"a", 800}, {"b", 950}}, "b");
    const family_result f = r.run().families.at(0);
    CHECK(f.winner == "a");
  }
}

TEST_CASE("rule 4: the best row's twins within the band reach the final, at most max_twins of them, and the fallback") {
  // `best` and nine byte-identical twins of it; `near` is 12.5% behind the band; the fallback is
  // 25% slower and races anyway.
  const auto race = [](int max_twins) {
    rig r;
    r.p.max_twins = max_twins;
    std::vector<std::pair<std::string, double>> rows{{"base", 1000}, {"best", 800}};
    for (int k = 1; k <= 9; ++k) rows.push_back({fmt::format("twin{}", k), 800});
    rows.push_back({"near", 900});
    r.add("dot", rows);
    return r.run().families.at(0);
  };
  const auto finalists = [](const family_result& f) {
    std::size_t twins = 0;
    for (std::size_t k = 1; k <= 10; ++k) twins += f.rows[k].finalist;
    return twins;
  };
  for (const int cap : {8, 2}) {
    CAPTURE(cap);
    const family_result f = race(cap);
    CHECK(f.rows[0].finalist);
    // the best row and `cap` of its nine twins
    CHECK(finalists(f) == static_cast<std::size_t>(cap) + 1);
    CHECK_FALSE(f.rows[11].finalist);
    CHECK(f.rows[11].rounds == protocol{}.screen_rounds);
    // tied rows: the first in grid order that clears takes the seat
    CHECK(f.outcome == verdict::won);
    CHECK(f.note.find(fmt::format("{} rows within 3.0% of the best", cap + 1)) != std::string::npos);
  }
}

TEST_CASE("outliers do not flip a decision") {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    CAPTURE(seed);
    rig r(seed);
    r.timer.rows.outlier_rate = 0.1;
    r.timer.rows.outlier_factor = 3;
    r.add("win", {{"base", 1000}, {"fast", 800}});
    r.add("twins", {{"base", 1000}, {"twin", 1000}});
    const mint_result m = r.run();
    CHECK(m.families.at(0).winner == "fast");
    CHECK(m.families.at(0).outcome == verdict::won);
    CHECK(m.families.at(1).winner == "base");
  }
}

TEST_CASE("rejected rows are listed with their reason and never timed") {
  rig r;
  r.add("dot", {{"base", 1000}, {"avx512", 100}, {"fast", 500}});
  r.families[0].rows[1].rejected = "requires avx512f: not on this box";
  const family_result f = r.run().families.at(0);
  CHECK(f.winner == "fast");
  CHECK(f.rows[1].suffix == "avx512");
  CHECK(f.rows[1].rejected == "requires avx512f: not on this box");
  CHECK_FALSE(f.rows[1].median_ns.has_value());
  CHECK(f.rows[1].rounds == 0);
  CHECK(r.timer.timed_rows.count({0, 1}) == 0);
  CHECK(r.timer.timed_rows.count({0, 2}) == 1);
}

TEST_CASE("a family with one runnable row holds without racing") {
  rig r;
  r.add("dot", {{"base", 1000}, {"broken", 10}});
  r.families[0].rows[1].rejected = "wrong result at n=17";
  const family_result f = r.run().families.at(0);
  CHECK(f.winner == "base");
  CHECK(f.outcome == verdict::holds);
  CHECK(f.note == "base is the only runnable row; nothing to race");
  CHECK(r.timer.timed_rows.empty());
}

TEST_CASE("a family whose runnable rows are all of one code holds without racing, and says so") {
  rig r;
  r.add("dot", {{"base", 1000}, {"sse42", 1000}});
  r.families[0].rows[1].rejected = same_code_text("base");
  const family_result f = r.run().families.at(0);
  CHECK(f.winner == "base");
  CHECK(f.note == "every runnable row has the same code as base; nothing to race");
  CHECK(r.timer.timed_rows.empty());
}

TEST_CASE("a rejected or missing fallback is a caller error") {
  rig r;
  r.add("dot", {{"base", 1000}, {"fast", 500}});
  r.families[0].rows[0].rejected = "wrong result";
  CHECK_THROWS_WITH_AS(r.run(),
                       "run_mint: family 'dot': fallback 'base' is rejected (wrong result); the fallback must be the "
                       "first runnable row",
                       std::invalid_argument);
  r.families[0].fallback = 5;
  CHECK_THROWS_WITH_AS(r.run(), "run_mint: family 'dot': fallback index 5 is past its 2 rows", std::invalid_argument);
}

TEST_CASE("the same seed gives the same mint") {
  const auto once = [] {
    rig r(7);
    r.timer.rows.cv = 0.05;
    r.add("dot", {{"base", 1000}, {"a", 960}, {"b", 940}});
    return r.run().families.at(0);
  };
  const family_result first = once(), second = once();
  CHECK(first.winner == second.winner);
  CHECK(first.rows[1].median_ns == second.rows[1].median_ns);
  CHECK(first.note == second.note);
}

TEST_CASE("a winner whose screen windows were disturbed still reaches the final by its best-of") {
  rig r;
  int screen_round = 0;
  bool screening = false;
  event_sink events;
  events.step = [&](const std::string&, const std::string& phase, int i, int, int) {
    screening = phase == "screen";
    screen_round = i;
  };
  // three of five screen windows of `fast` are three times slower: its screen median is 2400
  r.add("dot", {{"base", 1000}, {"fast", 800}});
  r.timer.ns_per_call = [&](std::size_t, std::size_t row) {
    if (row == 0) return 1000.0;
    return screening && screen_round <= 3 ? 2400.0 : 800.0;
  };
  const family_result f = r.run(events).families.at(0);
  CHECK(f.rows[1].finalist);
  CHECK(f.winner == "fast");
  CHECK(f.outcome == verdict::won);
}

TEST_CASE("a noisy box races more rounds; a quiet one the minimums") {
  // judged once, at the end, so every planned round runs
  SUBCASE("quiet") {
    rig r;
    r.p.looks = 1;
    r.add("dot", {{"base", 1000}, {"fast", 500}});
    CHECK(r.run().families.at(0).rows[0].rounds == r.p.screen_rounds + r.p.final_rounds);
  }
  SUBCASE("noisy") {
    rig r;
    r.p.looks = 1;
    r.timer.rows.cv = 0.08;
    r.timer.probe.cv = 0.08;
    r.add("dot", {{"base", 1000}, {"fast", 500}});
    const mint_result m = r.run();
    REQUIRE(m.status == mint_status::ok);
    CHECK(m.families.at(0).rows[0].rounds == r.p.noisy_rounds);
    CHECK(m.families.at(0).winner == "fast");
  }
}

TEST_CASE("progress events name each phase in order") {
  rig r;
  r.add("dot", {{"base", 1000}, {"fast", 500}});
  std::vector<std::string> seen;
  event_sink events;
  events.begin = [&](const std::string& name, std::size_t rows) {
    seen.push_back(fmt::format("begin {} {}", name, rows));
  };
  events.step = [&](const std::string&, const std::string& phase, int i, int, int) {
    if (i == 1) seen.push_back(phase);
  };
  events.end = [&](const family_result& f) { seen.push_back("end " + f.winner); };
  r.run(events);
  CHECK(seen == std::vector<std::string>{"probe", "begin dot 2", "screen", "final", "validate", "end fast", "probe"});
}

TEST_CASE("each round of the screen and the final visits every row once, in a random order") {
  rig r;
  r.p.looks = 1;
  r.add("dot", {{"base", 1000}, {"a", 990}, {"b", 995}, {"c", 1005}});
  std::string phase;
  std::vector<std::size_t> order;
  std::vector<std::vector<std::size_t>> rounds;
  event_sink events;
  events.step = [&](const std::string&, const std::string& ph, int, int, int) {
    if ((ph == "screen" || ph == "final") && !order.empty()) rounds.push_back(order);
    order.clear();
    phase = ph;
  };
  r.timer.ns_per_call = [&](std::size_t, std::size_t row) {
    if (phase == "screen" || phase == "final") order.push_back(row);
    return r.costs[0][row];
  };
  r.run(events);
  REQUIRE(rounds.size() >= 15u);
  std::set<std::vector<std::size_t>> distinct;
  std::map<std::size_t, std::set<std::size_t>> first_rows;
  for (const auto& round : rounds) {
    CHECK(std::set<std::size_t>(round.begin(), round.end()).size() == round.size());
    distinct.insert(round);
    first_rows[round.size()].insert(round.front());
  }
  // not one fixed order, and every row has gone first in some round
  CHECK(distinct.size() > 5);
  CHECK(first_rows[4].size() == 4);
}
