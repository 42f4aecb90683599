// tune-search-bench: how close each search strategy's seat comes to the exhaustive best, on the
// planted spaces (tuner/search/planted.h) or on landscape files (tune-search-landscape/1,
// tuner/search/landscape_file.h: `tune space export` writes them from a family's race), at row
// budgets that are shares of the space.
//
//   tune-search-bench [--landscape <file>...] [--strategies auto,random,exhaustive]
//                     [--budget-pct 2,5,10] [--seeds 21] [--batch 16] [--json <out>]
//   tune-search-bench --write-planted <dir>   the planted spaces as landscape files
//
// Per space, strategy and budget, over the seeds: median and worst q = true cost of the optimum /
// true cost of the seat the search found, the share of seeds whose seat is within 3% of the best
// (q >= 0.97), and the rows proposed. Each seed seeds both the strategy and the measurement noise
// (a landscape's noise_cv_pct). `exhaustive` measures every point once and seats the best
// measured: the most a search can hope for under the same noise. --json writes
// {"landscapes": [{"file", "points", "results": [{"strategy", "budget_pct", "q_median",
// "q_worst", "within_3pct", "rows_median", "cost_mean" (the seat's true cost over the seeds),
// "q_seeds"}]}]}.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "search/landscape_file.h"
#include "search/planted.h"

namespace {

using namespace tune::search;

struct row {
  double median_q;
  double worst_q;
  double within_3pct;
  double median_rows;
  double mean_cost;        // the true cost of the seat, over the seeds (compare.py's P score)
  std::vector<double> qs;  // per seed, in seed order
};

row measure_strategy(const planted::landscape& l, strategy_kind kind, std::size_t budget, std::size_t batch,
                     int seeds) {
  std::vector<double> qs;
  std::vector<double> rows;
  int close = 0;
  double cost = 0;
  // A search that seats nothing is charged the worst cost in the space.
  double worst = 0;
  for (const double c : l.cost)
    if (std::isfinite(c)) worst = std::max(worst, c);
  for (int seed = 1; seed <= seeds; ++seed) {
    settings how;
    how.kind = kind;
    how.seed = static_cast<std::uint64_t>(seed);
    how.budget_rows = budget;
    const auto o = planted::run(l, how, batch, 1000 + static_cast<std::uint64_t>(seed));
    qs.push_back(o.q);
    rows.push_back(static_cast<double>(o.proposed));
    close += o.q >= 0.97;
    cost += o.seat ? l.cost[*o.seat] : worst;
  }
  std::vector<double> sorted = qs;
  std::sort(sorted.begin(), sorted.end());
  std::sort(rows.begin(), rows.end());
  return {sorted[sorted.size() / 2], sorted.front(), double(close) / seeds, rows[rows.size() / 2], cost / seeds, qs};
}

planted::landscape read_landscape(const std::string& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error(fmt::format("cannot read the landscape {}", file));
  std::stringstream text;
  text << in.rdbuf();
  return to_planted(parse_landscape(text.str(), file), file);
}

// The planted spaces as landscape files (<dir>/<name>.landscape.json), for other tuners to run on
// (bench/search/compare.py): axis values are the value indices.
int write_planted(const std::string& dir) {
  for (const auto& l : {planted::smooth_bowl(), planted::deceptive(), planted::plateau(), planted::needle()}) {
    landscape_file f;
    for (std::size_t a = 0; a < l.points.axes.size(); ++a) {
      std::vector<std::string> values;
      for (std::size_t v = 0; v < l.points.sizes[a]; ++v) values.push_back(std::to_string(v));
      f.axes.emplace_back(l.points.axes[a], values);
    }
    f.noise_cv_pct = l.noise_cv * 100;
    for (std::size_t p = 0; p < l.points.points.size(); ++p) {
      landscape_point point;
      for (std::size_t a = 0; a < l.points.axes.size(); ++a)
        point.values[l.points.axes[a]] = std::to_string(l.points.points[p][a]);
      if (std::isfinite(l.cost[p])) point.cost = l.cost[p];
      f.points.push_back(std::move(point));
    }
    const std::string file = fmt::format("{}/{}.landscape.json", dir, l.name);
    std::ofstream out(file);
    out << to_json(f).dump() << "\n";
    if (!out) {
      std::fprintf(stderr, "tune-search-bench: cannot write %s\n", file.c_str());
      return 2;
    }
    fmt::print("{}\n", file);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"tune-search-bench: search strategies on planted spaces and landscape files"};
  int seeds = 21;
  std::vector<double> budget_pcts{5};
  std::vector<std::string> strategies{"auto", "random", "exhaustive"};
  std::vector<std::string> files;
  std::string json_out;
  std::size_t batch = 16;
  app.add_option("--landscape", files, "landscape files (tune-search-landscape/1); default: the planted spaces");
  app.add_option("--strategies", strategies, "auto, random, exhaustive")
      ->delimiter(',')
      ->check(CLI::IsMember({"auto", "random", "exhaustive"}));
  app.add_option("--seeds", seeds, "seeds per space, strategy and budget")->check(CLI::Range(1, 10000));
  app.add_option("--budget-pct", budget_pcts, "row budgets, percent of the space")
      ->delimiter(',')
      ->check(CLI::Range(0.1, 100.0));
  app.add_option("--batch", batch, "points proposed at a time")->check(CLI::Range(1, 4096));
  app.add_option("--json", json_out, "also write the results as JSON to this file");
  std::string planted_dir;
  app.add_option("--write-planted", planted_dir,
                 "write the planted spaces as landscape files into this folder, and stop");
  CLI11_PARSE(app, argc, argv);
  if (!planted_dir.empty()) return write_planted(planted_dir);

  std::vector<planted::landscape> spaces;
  try {
    for (const auto& file : files) spaces.push_back(read_landscape(file));
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "tune-search-bench: %s\n", e.what());
    return 2;
  }
  if (files.empty()) spaces = {planted::smooth_bowl(), planted::deceptive(), planted::plateau(), planted::needle()};

  fmt::print("{} seeds, batches of {}\n\n", seeds, batch);
  fmt::print(
      "| space | points | strategy | budget | median q | worst q | within 3% | rows (median) | rows / points |\n");
  fmt::print("|---|---:|---|---:|---:|---:|---:|---:|---:|\n");
  nlohmann::ordered_json doc = {{"landscapes", nlohmann::ordered_json::array()}};
  for (const auto& l : spaces) {
    const std::size_t points = l.points.points.size();
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    const auto print = [&](const std::string& strategy, double pct, const row& r) {
      fmt::print("| {} | {} | {} | {}% | {:.3f} | {:.3f} | {:.0f}% | {:.0f} | {:.1f}% |\n", l.name, points, strategy,
                 pct, r.median_q, r.worst_q, 100 * r.within_3pct, r.median_rows, 100 * r.median_rows / double(points));
      results.push_back({{"strategy", strategy},
                         {"budget_pct", pct},
                         {"q_median", r.median_q},
                         {"q_worst", r.worst_q},
                         {"within_3pct", r.within_3pct},
                         {"rows_median", r.median_rows},
                         {"cost_mean", r.mean_cost},
                         {"q_seeds", r.qs}});
    };
    for (const double pct : budget_pcts) {
      const auto budget = std::max<std::size_t>(1, static_cast<std::size_t>(pct / 100.0 * double(points) + 0.5));
      for (const auto& strategy : strategies)
        if (strategy != "exhaustive")
          print(strategy, pct, measure_strategy(l, *strategy_named(strategy), budget, batch, seeds));
    }
    // Every point measured once, whatever the budget: what the noise alone costs a seat.
    if (std::find(strategies.begin(), strategies.end(), "exhaustive") != strategies.end())
      print("exhaustive", 100, measure_strategy(l, strategy_kind::random, 0, batch, seeds));
    doc["landscapes"].push_back({{"file", l.name}, {"points", points}, {"results", results}});
  }
  if (!json_out.empty()) {
    std::ofstream out(json_out);
    out << doc.dump(2) << "\n";
    if (!out) {
      std::fprintf(stderr, "tune-search-bench: cannot write %s\n", json_out.c_str());
      return 2;
    }
  }
  return 0;
}
