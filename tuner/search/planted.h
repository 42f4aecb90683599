#pragma once
// Planted spaces for the search's tests and benchmark (bench/search/search_bench.cpp): spaces whose
// every point's true cost is known by construction, measured with lognormal noise, so how close a
// strategy's seat comes to the optimum is exact and the whole search runs in milliseconds.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "search/strategy.h"

namespace tune::search::planted {

struct landscape {
  std::string name;
  space points;
  std::vector<double> cost;  // true cost per point; +inf: the row fails to build
  double noise_cv = 0;       // each measurement is the true cost x lognormal(median 1, this cv)
  std::size_t optimum = 0;   // the point of lowest true cost
};

// 3 axes x 10 values, one smooth bowl with a mild interaction between two axes.
landscape smooth_bowl();
// 5 axes x 6 values, ~20% removed by a constraint and ~3% failing to build: a wide basin whose
// bottom is 1.3x the optimum covers ~95% of the space; the optimum lies in a narrow valley elsewhere.
landscape deceptive();
// 4 axes x 8 values: half the space a plateau where only the noise differs, the other half a bowl.
landscape plateau();
// 4 axes x 8 values of unrelated costs and one point far better than all: nothing to learn from.
landscape needle();

// One measurement of a point: nullopt when it fails.
std::optional<double> measure(const landscape& l, std::size_t point, std::mt19937_64& noise);

struct outcome {
  std::optional<std::size_t> seat;  // the searcher's best()
  double q = 0;                     // optimum's true cost / seat's true cost (0: no seat)
  std::size_t proposed = 0;
  std::string stopped;
};

// Proposes `batch` points at a time and tells their measurements until the searcher stops.
outcome run(const landscape& l, const settings& how, std::size_t batch, std::uint64_t noise_seed);

}  // namespace tune::search::planted
