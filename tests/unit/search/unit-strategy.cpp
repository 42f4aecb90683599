// The search strategy (search/strategy.h): its contract with the pipeline (determinism, no point
// twice, the budget, why it stops) and what `auto` finds on planted spaces of known optimum
// (search/planted.h).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <vector>

#include "search/planted.h"
#include "search/strategy.h"

using namespace tune::search;

namespace {

// 3 x 4 values, the point (2, 3) ruled out by a constraint: 11 points in grid order.
space tiny() {
  space s;
  s.axes = {"TILE", "UNROLL"};
  s.sizes = {3, 4};
  for (std::uint16_t a = 0; a < 3; ++a)
    for (std::uint16_t b = 0; b < 4; ++b)
      if (!(a == 2 && b == 3)) s.points.push_back({a, b});
  return s;
}

settings with(strategy_kind kind, std::uint64_t seed, std::size_t budget = 0) {
  settings how;
  how.kind = kind;
  how.seed = seed;
  how.budget_rows = budget;
  return how;
}

// Proposes `batch` at a time and tells each point's planted measurement until the searcher stops;
// every proposal in order.
std::vector<std::size_t> drive(searcher& s, const planted::landscape& l, std::size_t batch, std::uint64_t noise_seed) {
  std::mt19937_64 noise(noise_seed);
  std::vector<std::size_t> all;
  for (auto proposal = s.propose(batch); !proposal.empty(); proposal = s.propose(batch)) {
    for (const std::size_t p : proposal) s.tell(p, planted::measure(l, p, noise));
    all.insert(all.end(), proposal.begin(), proposal.end());
  }
  return all;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

const strategy_kind both[] = {strategy_kind::auto_, strategy_kind::random};

}  // namespace

TEST_CASE("names") {
  CHECK(std::string(name_of(strategy_kind::random)) == "random");
  CHECK(std::string(name_of(strategy_kind::auto_)) == "auto");
  CHECK(strategy_named("auto") == strategy_kind::auto_);
  CHECK(strategy_named("random") == strategy_kind::random);
  CHECK_FALSE(strategy_named("greedy"));
}

TEST_CASE("the bounded draw is pinned: the same numbers from every standard library") {
  std::mt19937_64 rng(42);
  std::vector<std::uint64_t> draws;
  for (int i = 0; i < 8; ++i) draws.push_back(draw_below(rng, 10));
  CHECK(draws == std::vector<std::uint64_t>{6, 4, 0, 2, 1, 8, 6, 4});
  std::mt19937_64 other(1);
  draws.clear();
  for (int i = 0; i < 4; ++i) draws.push_back(draw_below(other, 1000003));
  CHECK(draws == std::vector<std::uint64_t>{969119, 9684, 10327, 382842});
}

TEST_CASE("the first proposals of a pinned seed are pinned") {
  // Costs 1 + 0.1 x index: the best told point is the lowest index.
  const auto first_two = [](strategy_kind kind) {
    searcher s(tiny(), with(kind, 7));
    auto first = s.propose(5);
    for (const std::size_t p : first) s.tell(p, 1.0 + 0.1 * double(p));
    const auto second = s.propose(4);
    first.insert(first.end(), second.begin(), second.end());
    return first;
  };
  CHECK(first_two(strategy_kind::random) == std::vector<std::size_t>{0, 1, 8, 9, 3, 5, 10, 4, 2});
  // auto: a space-filling sample of four (two per axis), a far point while they are measured, then
  // the neighbours of the best (0: 4 and 1), a descent from 5 (no better point next to it) and a kick.
  CHECK(first_two(strategy_kind::auto_) == std::vector<std::size_t>{0, 7, 10, 9, 5, 4, 1, 6, 8});
}

TEST_CASE("the same seed and tells give the same search; another seed another") {
  const auto l = planted::deceptive();
  for (const auto kind : both) {
    const std::string strategy = name_of(kind);
    CAPTURE(strategy);
    searcher a(l.points, with(kind, 11, 300));
    searcher b(l.points, with(kind, 11, 300));
    searcher c(l.points, with(kind, 12, 300));
    const auto run_a = drive(a, l, 16, 5);
    CHECK(run_a == drive(b, l, 16, 5));
    CHECK(run_a != drive(c, l, 16, 5));
    CHECK(a.best() == b.best());
  }
}

TEST_CASE("no point is proposed twice, nor one told before the search") {
  const auto l = planted::deceptive();
  for (const auto kind : both) {
    const std::string strategy = name_of(kind);
    CAPTURE(strategy);
    searcher s(l.points, with(kind, 3, 600));
    // The reference and two rows raced before: known, not proposed, not counted.
    const std::vector<std::size_t> before{0, 17, 4000};
    for (const std::size_t p : before) s.tell(p, l.cost[p]);
    std::mt19937_64 noise(9);
    std::vector<std::size_t> all;
    // Two proposals before the first tells: the second must not repeat the pending first.
    auto pending = s.propose(16);
    for (auto proposal = s.propose(16); !proposal.empty(); proposal = s.propose(24)) {
      for (const std::size_t p : pending) s.tell(p, planted::measure(l, p, noise));
      all.insert(all.end(), pending.begin(), pending.end());
      pending = proposal;
    }
    for (const std::size_t p : pending) s.tell(p, planted::measure(l, p, noise));
    all.insert(all.end(), pending.begin(), pending.end());

    const std::set<std::size_t> distinct(all.begin(), all.end());
    CHECK(distinct.size() == all.size());
    for (const std::size_t p : before) CHECK(distinct.count(p) == 0);
    CHECK(*distinct.rbegin() < l.points.points.size());
    CHECK(s.proposed() == all.size());
    CHECK(s.told() == all.size() + before.size());
  }
}

TEST_CASE("the budget is spent exactly, then it stops for the budget") {
  const auto l = planted::deceptive();
  for (const auto kind : both) {
    const std::string strategy = name_of(kind);
    CAPTURE(strategy);
    searcher s(l.points, with(kind, 5, 37));
    std::mt19937_64 noise(1);
    std::vector<std::size_t> sizes;
    for (auto proposal = s.propose(16); !proposal.empty(); proposal = s.propose(16)) {
      CHECK(s.stopped_because() == (s.proposed() < 37 ? "" : "budget"));
      sizes.push_back(proposal.size());
      for (const std::size_t p : proposal) s.tell(p, planted::measure(l, p, noise));
    }
    CHECK(sizes == std::vector<std::size_t>{16, 16, 5});
    CHECK(s.proposed() == 37);
    CHECK(s.stopped_because() == "budget");
    CHECK(s.propose(16).empty());
  }
}

TEST_CASE("random covers a small space, then stops for the space") {
  searcher s(tiny(), with(strategy_kind::random, 2));
  s.tell(6, 1.0);  // the reference, measured before
  std::set<std::size_t> seen{6};
  for (auto proposal = s.propose(4); !proposal.empty(); proposal = s.propose(4)) {
    for (const std::size_t p : proposal) {
      CHECK(seen.insert(p).second);
      s.tell(p, 2.0);
    }
  }
  CHECK(seen.size() == 11);
  CHECK(s.proposed() == 10);
  CHECK(s.stopped_because() == "space");
}

TEST_CASE("auto stops when restarts stop paying off: converged, before the space is spent") {
  // A noiseless bowl of 12^3 points and no budget: once its bottom is found, nothing better is.
  space s;
  s.axes = {"A", "B", "C"};
  s.sizes = {12, 12, 12};
  for (std::uint16_t a = 0; a < 12; ++a)
    for (std::uint16_t b = 0; b < 12; ++b)
      for (std::uint16_t c = 0; c < 12; ++c) s.points.push_back({a, b, c});
  const auto cost = [&](std::size_t p) {
    double d = 0;
    for (const double v : s.points[p]) d += (v - 7) * (v - 7);
    return 1 + 0.01 * d;
  };
  searcher search(s, with(strategy_kind::auto_, 4));
  for (auto proposal = search.propose(16); !proposal.empty(); proposal = search.propose(16))
    for (const std::size_t p : proposal) search.tell(p, cost(p));
  CHECK(search.stopped_because() == "converged");
  CHECK(search.proposed() < s.points.size());
  REQUIRE(search.best());
  CHECK(s.points[*search.best()] == std::vector<std::uint16_t>{7, 7, 7});
}

TEST_CASE("a failed row is never the best, and nothing measured means no best") {
  searcher s(tiny(), with(strategy_kind::auto_, 1));
  CHECK_FALSE(s.best());
  s.tell(0, std::nullopt);
  CHECK_FALSE(s.best());
  s.tell(1, 3.0);
  s.tell(2, std::nullopt);
  s.tell(3, 2.0);
  CHECK(s.best() == 3u);
}

TEST_CASE("malformed spaces and tells are refused by name") {
  auto s = tiny();
  s.points.push_back({1});
  CHECK_THROWS_WITH_AS(searcher(s, {}), "search space: point 11 has 1 values for 2 axes", std::invalid_argument);
  s = tiny();
  s.points.push_back({0, 4});
  CHECK_THROWS_WITH_AS(searcher(s, {}), "search space: point 11 has value 4 on axis UNROLL of 4 values",
                       std::invalid_argument);
  s = tiny();
  s.points.push_back({1, 2});
  CHECK_THROWS_WITH_AS(searcher(s, {}), "search space: point 11 repeats point 6", std::invalid_argument);
  s = tiny();
  s.axes.pop_back();
  CHECK_THROWS_WITH_AS(searcher(s, {}), "search space: 1 axis names but 2 axis sizes", std::invalid_argument);

  searcher ok(tiny(), {});
  CHECK_THROWS_WITH_AS(ok.tell(11, 1.0), "search: point 11 is not in a space of 11 points", std::invalid_argument);
  ok.tell(3, 1.0);
  CHECK_THROWS_WITH_AS(ok.tell(3, 1.0), "search: point 3 was told twice", std::invalid_argument);
  CHECK_THROWS_WITH_AS(ok.tell(4, std::nan("")), "search: point 4 measured NaN", std::invalid_argument);
}

TEST_CASE("planted deceptive space: auto seats the exact optimum and beats random") {
  // 5 axes x 6 values less a fifth by constraints, 3% failing, 3% lognormal noise: a wide basin
  // whose bottom is 1.3x the optimum covers most of the space; the optimum's valley about 5%.
  const auto l = planted::deceptive();
  REQUIRE(l.points.points.size() == 6120);
  int exact = 0;
  std::vector<double> auto_q;
  std::vector<double> random_q;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const auto a = planted::run(l, with(strategy_kind::auto_, seed, 400), 16, 1000 + seed);
    const auto r = planted::run(l, with(strategy_kind::random, seed, 400), 16, 1000 + seed);
    CHECK(a.proposed == 400);
    exact += a.seat == l.optimum;
    auto_q.push_back(a.q);
    random_q.push_back(r.q);
  }
  CHECK(exact >= 9);
  CHECK(median(auto_q) > median(random_q));
}

TEST_CASE("an additive space: the model finds in the last batch what three descent steps cannot reach") {
  // 4 axes x 8 values, each axis's factor lowest at its own value, the cost their product:
  // additive in log cost, the optimum (6, 1, 5, 2) by construction, measured without noise. At 48
  // rows, three batches of 16, the sample takes the first and the descents from its best point get
  // two steps; the last batch's model picks reach the optimum from wherever the sample fell.
  planted::landscape l;
  l.name = "additive-4x8";
  l.points.axes = {"A", "B", "C", "D"};
  l.points.sizes = {8, 8, 8, 8};
  const std::uint16_t best[] = {6, 1, 5, 2};
  for (std::uint16_t a = 0; a < 8; ++a)
    for (std::uint16_t b = 0; b < 8; ++b)
      for (std::uint16_t c = 0; c < 8; ++c)
        for (std::uint16_t d = 0; d < 8; ++d) {
          const std::uint16_t v[] = {a, b, c, d};
          double cost = 1;
          for (int axis = 0; axis < 4; ++axis) cost *= 1 + 0.25 * std::abs(v[axis] - best[axis]);
          if (cost == 1) l.optimum = l.points.points.size();
          l.points.points.push_back({a, b, c, d});
          l.cost.push_back(cost);
        }
  int exact = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const auto o = planted::run(l, with(strategy_kind::auto_, seed, 48), 16, 1000 + seed);
    CHECK(o.proposed == 48);
    exact += o.seat == l.optimum;
  }
  CHECK(exact >= 9);
}
