// tune-search-bench: how close each search strategy's seat comes to the exhaustive best, on the
// planted spaces (tuner/search/planted.h) or on landscape files (tune-search-landscape/1,
// tuner/search/landscape_file.h: `tune space export` writes them from a family's race), at row
// budgets that are shares of the space.
//
//   tune-search-bench [--landscape <file>...] [--strategies auto,random,exhaustive]
//                     [--budget-pct 2,5,10] [--seeds 21] [--batch 16] [--json <out>]
//
// Per space, strategy and budget, over the seeds: median and worst q = true cost of the optimum /
// true cost of the seat the search found, the share of seeds whose seat is within 3% of the best
// (q >= 0.97), and the rows proposed. Each seed seeds both the strategy and the measurement noise
// (a landscape's noise_cv_pct). `exhaustive` measures every point once and seats the best
// measured: the most a search can hope for under the same noise. --json writes
// {"landscapes": [{"file", "points", "results": [{"strategy", "budget_pct", "q_median",
// "q_worst", "within_3pct", "rows_median"}]}]}.
#include <algorithm>
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

planted::landscape read_landscape(const std::string& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error(fmt::format("cannot read the landscape {}", file));
  std::stringstream text;
  text << in.rdbuf();
  return to_planted(parse_landscape(text.str(), file), file);
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
  CLI11_PARSE(app, argc, argv);

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
                         {"rows_median", r.median_rows}});
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
