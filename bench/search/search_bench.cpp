// tune-search-bench: how close each search strategy's seat comes to the exhaustive best on planted
// spaces (tuner/search/planted.h), at a row budget that is a share of the space.
//
//   tune-search-bench --seeds 21 --budget-pct 5 --batch 16
//
// Per space and strategy, over the seeds: median and worst q = true cost of the exhaustive best /
// true cost of the seat the search found, the share of seeds whose seat is within 3% of the best
// (q >= 0.97), and the rows proposed against the space's size. Each seed seeds both the strategy and
// the measurement noise. `exhaustive` measures every point once and seats the best measured: the
// most a search can hope for under the same noise.
#include <algorithm>
#include <cstdio>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "search/planted.h"

namespace {

using namespace tune::search;

struct row {
  double median_q;
  double worst_q;
  double within_3pct;
  double median_rows;
};

row measure_strategy(const planted::landscape& l, strategy_kind kind, std::size_t budget, std::size_t batch,
                     int seeds) {
  std::vector<double> qs;
  std::vector<double> rows;
  int close = 0;
  for (int seed = 1; seed <= seeds; ++seed) {
    settings how;
    how.kind = kind;
    how.seed = static_cast<std::uint64_t>(seed);
    how.budget_rows = budget;
    const auto o = planted::run(l, how, batch, 1000 + static_cast<std::uint64_t>(seed));
    qs.push_back(o.q);
    rows.push_back(static_cast<double>(o.proposed));
    close += o.q >= 0.97;
  }
  std::sort(qs.begin(), qs.end());
  std::sort(rows.begin(), rows.end());
  return {qs[qs.size() / 2], qs.front(), double(close) / seeds, rows[rows.size() / 2]};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"tune-search-bench: search strategies on planted spaces"};
  int seeds = 21;
  double budget_pct = 5;
  std::size_t batch = 16;
  app.add_option("--seeds", seeds, "seeds per space and strategy")->check(CLI::Range(1, 10000));
  app.add_option("--budget-pct", budget_pct, "row budget, percent of the space")->check(CLI::Range(0.1, 100.0));
  app.add_option("--batch", batch, "points proposed at a time")->check(CLI::Range(1, 4096));
  CLI11_PARSE(app, argc, argv);

  fmt::print("{} seeds, budget {}% of the space, batches of {}\n\n", seeds, budget_pct, batch);
  fmt::print("| space | points | strategy | median q | worst q | within 3% | rows (median) | rows / points |\n");
  fmt::print("|---|---:|---|---:|---:|---:|---:|---:|\n");
  for (const auto& l : {planted::smooth_bowl(), planted::deceptive(), planted::plateau(), planted::needle()}) {
    const std::size_t points = l.points.points.size();
    const auto budget = static_cast<std::size_t>(budget_pct / 100.0 * double(points) + 0.5);
    const auto print = [&](const char* strategy, const row& r) {
      fmt::print("| {} | {} | {} | {:.3f} | {:.3f} | {:.0f}% | {:.0f} | {:.1f}% |\n", l.name, points, strategy,
                 r.median_q, r.worst_q, 100 * r.within_3pct, r.median_rows, 100 * r.median_rows / double(points));
    };
    for (const auto kind : {strategy_kind::auto_, strategy_kind::random})
      print(name_of(kind), measure_strategy(l, kind, budget, batch, seeds));
    // Every point measured once: what the noise alone costs a seat.
    print("exhaustive", measure_strategy(l, strategy_kind::random, 0, batch, seeds));
  }
  return 0;
}
