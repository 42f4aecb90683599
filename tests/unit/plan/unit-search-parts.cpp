// The search's parts on their own: the paired decision, output validation, knob parsing and the
// enumeration's determinism and de-duplication.
#include <doctest/doctest.h>

#include <cmath>
#include <set>
#include <stdexcept>

#include "plan/decision.h"
#include "plan/enumeration.h"
#include "plan/knobs.h"
#include "plan/validation.h"

using namespace tune::plan;

TEST_CASE("decision: median gain must beat MIN_GAIN, twice the MAD and twice the A/A gain") {
  const std::vector<pair_sample> pairs{{10, 9}, {10, 9.1}, {10, 8.9}};
  auto d = decide(pairs, {{10, 10.1}}, 0.05);
  CHECK(d.established);
  CHECK(d.median_gain == doctest::Approx(0.10));
  CHECK(d.mad_gain == doctest::Approx(0.01099).epsilon(1e-3));
  CHECK(d.threshold == doctest::Approx(0.05));
  CHECK(d.reason ==
        "improvement established: median gain 10.00% vs threshold 5.00% (MIN_GAIN 5.00%, 2·MAD 2.19%, "
        "2·|A/A| 1.97%) over 3 pairs");
  d = decide(pairs, {{10, 9.4}}, 0.05);  // twice the A/A on the log scale: 1 - 0.94² = 11.64%
  CHECK_FALSE(d.established);
  CHECK(d.threshold == doctest::Approx(0.1164));
  d = decide({{10, 9}, {10, 6}, {10, 10}}, {{10, 10}}, 0.05);
  CHECK(d.threshold == doctest::Approx(0.19));
  CHECK_FALSE(d.established);
}

TEST_CASE("decision: the A/A term is symmetric and on the candidates' scale") {
  // Which process of an A/A pair comes first is chance: both orders give the same term.
  const std::vector<pair_sample> pairs{{10, 8}, {10, 8.1}, {10, 7.9}};
  const auto slower_second = decide(pairs, {{10, 20}}, 0.05);
  const auto slower_first = decide(pairs, {{20, 10}}, 0.05);
  CHECK(*slower_second.aa_gain == doctest::Approx(0.5));
  CHECK(*slower_first.aa_gain == doctest::Approx(0.5));
  CHECK(slower_second.threshold == doctest::Approx(0.75));
  CHECK(slower_first.threshold == doctest::Approx(0.75));
  // A gain is below 100%, and so is the threshold: with baseline processes 2.4× apart a candidate
  // must be more than 2.4² = 5.76× faster (82.6%); 6.1× is, 4× is not. On the old scale the
  // threshold was 2 × 140% = 280%: nothing could ever win.
  const std::vector<pair_sample> steady{{10, 1.6}, {10, 1.65}, {10, 1.7}, {10, 1.62}};
  const auto d = decide(steady, {{2.4, 1}, {1, 2.4}, {2.4, 1}}, 0.05);
  CHECK(d.threshold == doctest::Approx(1 - 1 / (2.4 * 2.4)));
  CHECK(d.threshold < 1);
  CHECK(d.established);
  const auto four_times = decide({{10, 2.5}, {10, 2.5}, {10, 2.5}}, {{2.4, 1}}, 0.05);
  CHECK_FALSE(four_times.established);
  CHECK(blocked_by_aa(four_times, 0.05));
}

TEST_CASE("decision: fewer than three pairs or no A/A pair is no improvement established") {
  auto d = decide({{10, 8}, {10, 8}}, {{10, 10}}, 0.05);
  CHECK_FALSE(d.established);
  CHECK(d.reason == "no improvement established: 2 complete pairs, at least 3 needed");
  d = decide({{10, 8}, {10, 8}, {10, 8}}, {}, 0.05);
  CHECK_FALSE(d.established);
  CHECK(d.reason == "no improvement established: the A/A pair is missing");
  d = decide({{10, 9.6}, {10, 9.6}, {10, 9.6}}, {{10, 10}}, 0.05);
  CHECK_FALSE(d.established);  // a 4% gain is a tie at MIN_GAIN 5%
}

TEST_CASE("validation: tolerances parse strictly") {
  CHECK(parse_tolerance("rel=1e-9").text() == "rel=1e-09");
  CHECK(parse_tolerance("ulp=4").mode == tolerance::kind::ulp);
  CHECK_THROWS_WITH_AS(parse_tolerance("relative=1"), "TOLERANCE 'relative=1' is not rel=<x>, abs=<x> or ulp=<n>",
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(parse_tolerance("abs=-1"), "TOLERANCE 'abs=-1' needs a finite non-negative number after 'abs='",
                       std::runtime_error);
  CHECK(default_tolerance("f32").value == doctest::Approx(1e-4));
}

TEST_CASE("validation: rel is against the oracle's scale, abs absolute, ulp in the result's type") {
  const std::vector<double> oracle{100.0, 0.0, -1.0};
  auto d = compare_output(oracle, {100.0, 1e-8, -1.0}, "f64", parse_tolerance("rel=1e-9"));
  CHECK(d.within);  // 1e-8 next to a zero entry is 1e-10 of the output's scale
  d = compare_output(oracle, {100.0, 0.0, -1.0 + 1e-6}, "f64", parse_tolerance("abs=1e-7"));
  CHECK_FALSE(d.within);
  CHECK(d.reason == "output differs from the oracle: absolute deviation 1e-06 exceeds abs=1e-07");
  d = compare_output({1.0}, {std::nextafter(std::nextafter(1.0, 2.0), 2.0)}, "f64", parse_tolerance("ulp=2"));
  CHECK(d.within);
  CHECK(d.max_ulp == 2);
  d = compare_output({1.0}, {1.0 + 2e-7}, "f32", parse_tolerance("ulp=1"));
  CHECK_FALSE(d.within);
  d = compare_output({1.0, 2.0}, {1.0}, "f64", parse_tolerance("rel=1"));
  CHECK_FALSE(d.within);
  CHECK(d.reason == "output has 1 values, the oracle 2");
}

TEST_CASE("knobs: KNOBS entries are checked, user knobs parsed") {
  CHECK_THROWS_WITH_AS(parse_knob_request({"omp_treads"}, {}),
                       "unknown knob 'omp_treads' in KNOBS: known knobs are openblas_threads, omp_threads, "
                       "fftw_threads, fftw_planner, omp_wait_policy, omp_proc_bind, fftw_planner:patient, and those "
                       "declared with tune_knob",
                       std::runtime_error);
  const auto k = parse_user_knob("tile:APP_TILE=16,32,64");
  CHECK(k.name == "tile");
  CHECK(k.variable == "APP_TILE");
  CHECK(k.values == std::vector<std::string>{"16", "32", "64"});
  CHECK_THROWS_WITH_AS(parse_user_knob("tile=16"), "user knob 'tile=16' is not NAME:VARIABLE=v1,v2,...",
                       std::runtime_error);
  CHECK(parse_knob_request({"fftw_planner:patient"}, {}).fftw_patient);
}

TEST_CASE("knobs: thread values are the powers of two up to the allocation and the allocation, each once") {
  run_outcome baseline;
  baseline.facts = {{"openblas_threads", "8"}, {"omp_max_threads", "8"}};
  baseline.knobs_read = {{"fftw_threads", "1"}, {"fftw_planner", "estimate"}};
  const auto space = build_knob_space({}, {}, baseline, 8);
  std::vector<std::string> labels;
  for (const auto& v : space.axes.at(0).values) labels.push_back(v.label);
  CHECK(labels == std::vector<std::string>{"8", "1", "2", "4"});
  labels.clear();
  for (const auto& v : space.axes.at(2).values) labels.push_back(v.label);
  CHECK(labels == std::vector<std::string>{"1", "2", "4", "8"});
  CHECK(space.axes.at(5).knob == "omp_proc_bind");
  CHECK(space.axes.at(5).values.at(1).env.at("OMP_PLACES") == "cores");
}

TEST_CASE("enumeration: deterministic, and every point of the finite set is reachable") {
  run_outcome baseline;
  baseline.facts = {{"openblas_threads", "2"}, {"omp_max_threads", "2"}};
  baseline.knobs_read = {{"fftw_threads", "1"}, {"fftw_planner", "estimate"}};
  const auto space = build_knob_space({}, {}, baseline, 2);
  const choice base(space.axes.size(), 0);
  const auto a = one_knob_moves(space, base, 1);
  const auto b = one_knob_moves(space, base, 1);
  REQUIRE(a.size() == 1);
  CHECK(a.front().point == choice{0, 1, 0, 0, 0, 0});
  choice from = base;
  from[3] = 1;
  CHECK(one_knob_moves(space, from, 1).front().point == choice{0, 1, 0, 1, 0, 0});
  CHECK(serial_point(space, base)->point == choice{1, 1, 0, 0, 0, 0});
  CHECK(serial_point(space, from)->point == choice{1, 1, 0, 1, 0, 0});
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i].point == b[i].point);
  const auto points = all_points(space);
  CHECK(points.size() == 2 * 2 * 2 * 2 * 3 * 4);
  std::set<std::string> keys;
  for (const auto& p : points) keys.insert(effective_key(settings_of(space, p)));
  CHECK(keys.size() == points.size());
  CHECK(describe(space, points.front()) == "baseline values");
}

TEST_CASE("enumeration: neighbours are proposed in the order the single moves predict") {
  run_outcome baseline;
  baseline.facts = {{"openblas_threads", "2"}, {"omp_max_threads", "2"}};
  baseline.knobs_read = {{"fftw_threads", "1"}, {"fftw_planner", "estimate"}};
  const auto space = build_knob_space({}, {}, baseline, 2);
  REQUIRE(space.axes.size() == 6);
  REQUIRE(space.axes[1].knob == "omp_threads");
  REQUIRE(space.axes[3].knob == "fftw_planner");
  // Baseline 10; alone, omp_threads=1 halves the time, fftw_planner=measure takes 60% off, every
  // other move costs 20%.
  std::vector<screened> singles;
  int id = 1;
  std::vector<proposal> moves;
  for (std::size_t a = 0; a < space.axes.size(); ++a) {
    for (const auto& p : one_knob_moves(space, choice(space.axes.size(), 0), a)) moves.push_back(p);
  }
  for (const auto& p : moves) {
    double objective = 12;
    if (p.point[1] == 1) objective = 5;
    if (p.point[3] == 1) objective = 4;
    singles.push_back({p.point, id++, objective});
  }
  const screened measure{{0, 0, 0, 1, 0, 0}, 4, 4.0};
  const screened omp1{{0, 1, 0, 0, 0, 0}, 2, 5.0};
  const auto out = neighbour_stage(space, {measure, omp1}, singles, 10.0);
  std::vector<proposal> neighbours;
  for (const auto& p : out) {
    if (p.stage == "neighbour") neighbours.push_back(p);
  }
  REQUIRE(neighbours.size() == 2 * (1 + 1 + 1 + 1 + 2 + 3));
  CHECK(neighbours.front().point == choice{0, 1, 0, 1, 0, 0});  // predicted 4 × 0.5 = 2
  CHECK(neighbours.front().origin == "one knob away from c4");
  CHECK(neighbours[1].point == choice{0, 1, 0, 1, 0, 0});  // from omp1: 5 × 0.4, the same point
  CHECK(neighbours[1].origin == "one knob away from c2");
  // Undoing the good move comes last (4 / 0.4 = 5 / 0.5 = 10; both lead back to the baseline),
  // after every other neighbour (4 × 1.2 and 5 × 1.2).
  CHECK(neighbours.back().point == choice{0, 0, 0, 0, 0, 0});
  CHECK(neighbours[neighbours.size() - 2].point == choice{0, 0, 0, 0, 0, 0});
  CHECK(neighbours[neighbours.size() - 3].origin == "one knob away from c2");
  const auto again = neighbour_stage(space, {measure, omp1}, singles, 10.0);
  REQUIRE(again.size() == out.size());
  for (std::size_t i = 0; i < out.size(); ++i) CHECK(again[i].point == out[i].point);
}

TEST_CASE("decision: with several A/A pairs the A/A term is their median, not the worst one") {
  const std::vector<pair_sample> pairs{{10, 8}, {10, 8.1}, {10, 7.9}};
  auto d = decide(pairs, {{10, 5}}, 0.05);  // one wild A/A pair: 2× → threshold 1 - 1/4 = 75%
  CHECK_FALSE(d.established);
  CHECK(d.threshold == doctest::Approx(0.75));
  CHECK(blocked_by_aa(d, 0.05));
  d = decide(pairs, {{10, 5}, {10, 10.1}, {10, 9.9}}, 0.05);
  CHECK(*d.aa_gain == doctest::Approx(0.01).epsilon(1e-3));
  CHECK(d.established);
  CHECK(d.reason ==
        "improvement established: median gain 20.00% vs threshold 5.00% (MIN_GAIN 5.00%, 2·MAD 2.45%, "
        "2·|A/A| 1.99% over 3 A/A pairs) over 3 pairs");
  CHECK_FALSE(blocked_by_aa(decide({{10, 9.8}, {10, 9.8}, {10, 9.8}}, {{10, 5}}, 0.05), 0.05));
}
