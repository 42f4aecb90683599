// tune-plan-simulate: how much of the best throughput the execution-plan search recovers on a
// modelled many-core program. The search is the engine `tune plan search` runs (plan/search.h);
// only its worker and clock are simulated (plan/landscape.h), so a 120 s budget takes well under
// a second and the result is a function of the landscape and the seed.
//
//   tune-plan-simulate --landscape bench/plan/landscapes/device-16.json --budgets 30,120 --searches 25
//                      [--verbose] [--trace <search index>]
//
// Per budget: q = T* / T(selected) of each search (T* the landscape's fastest point, T(selected)
// the true window time of the point the plan applies; a search that keeps the baseline scores
// the baseline's q), their median, worst and mean, and how the searches ended.
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "plan/landscape.h"
#include "util/atomic_file.h"

namespace {

using namespace tune::plan;

struct options {
  std::string landscape;
  std::vector<double> budgets{30, 120};
  int searches = 25;
  std::uint64_t seed = 1;
  std::string json;
  bool verbose = false;
  std::optional<int> trace;
};

int run(const options& o) {
  const landscape l = read_landscape(o.landscape);
  const landscape_point& best = best_point(l);
  const landscape_point& base = l.points.at(point_key(l.baseline));
  fmt::print("landscape {}: {} CPUs, {} points, T* {:.6f} s per window ({}), baseline {:.6f} s (q {:.3f})\n",
             o.landscape, l.cpus, l.points.size(), best.window_s, point_key(best.knobs), base.window_s,
             best.window_s / base.window_s);
  fmt::print(
      "| budget | searches | median q | worst q | mean q | statuses | mean elapsed |\n"
      "|---:|---:|---:|---:|---:|---|---:|\n");
  nlohmann::json rows = nlohmann::json::array();
  for (double budget : o.budgets) {
    std::vector<double> qs;
    std::map<std::string, int> statuses;
    double elapsed = 0;
    for (int i = 0; i < o.searches; ++i) {
      const auto s = simulate_search(l, budget, o.seed + static_cast<std::uint64_t>(i));
      qs.push_back(s.q);
      ++statuses[to_string(s.record.status)];
      elapsed += s.record.elapsed_s;
      if (o.trace && *o.trace == i) {
        // Every process of this search, in order: when it started, what it ran, what it measured.
        for (const auto& r : s.record.runs) {
          const std::string what =
              r.candidate ? s.record.candidates[static_cast<std::size_t>(r.candidate - 1)].description : "baseline";
          fmt::print("        {:>3} {:7.2f} s  {:<8} c{:<3} {:>10}  {}\n", r.seq, r.started_s, to_string(r.role),
                     r.candidate, r.objective_s ? fmt::format("{:.3f} ms", 1e3 * *r.objective_s) : "-", what);
        }
      }
      if (o.verbose) {
        fmt::print("  {:>5.0f} s #{:<3} q {:.3f} {:<16} {} processes  {}\n        {}\n", budget, i, s.q,
                   to_string(s.record.status), s.record.runs.size(), point_key(s.selected->knobs),
                   s.record.stop_reason);
      }
    }
    std::string status_text;
    for (const auto& [status, count] : statuses)
      status_text += (status_text.empty() ? "" : ", ") + status + " " + std::to_string(count);
    const q_summary q = summarize_q(qs);
    fmt::print("| {:.0f} s | {} | {:.3f} | {:.3f} | {:.3f} | {} | {:.1f} s |\n", budget, o.searches, q.median, q.worst,
               q.mean, status_text, elapsed / o.searches);
    rows.push_back({{"budget_s", budget},
                    {"searches", o.searches},
                    {"q_median", q.median},
                    {"q_worst", q.worst},
                    {"q_mean", q.mean}});
  }
  if (!o.json.empty()) tune::util::write_file_atomic(o.json, nlohmann::json{{"budgets", rows}}.dump(2) + "\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Recovered throughput q = T*/T_selected of the execution-plan search on a simulated program"};
  options o;
  app.add_option("--landscape", o.landscape, "A tune-plan-landscape/1 file")->required();
  app.add_option("--budgets", o.budgets, "Search budgets in simulated seconds")->delimiter(',');
  app.add_option("--searches", o.searches, "Searches per budget")->check(CLI::PositiveNumber);
  app.add_option("--seed", o.seed, "Seed of the first search (search i uses seed + i)");
  app.add_option("--json", o.json, "Where to write {\"budgets\": [{budget_s, searches, q_median, q_worst, q_mean}]}");
  app.add_flag("--verbose", o.verbose, "Print every search");
  app.add_option("--trace", o.trace, "Print every process of the search with this index (0 is the first)");
  CLI11_PARSE(app, argc, argv);
  try {
    return run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tune-plan-simulate: %s\n", e.what());
    return 1;
  }
}
