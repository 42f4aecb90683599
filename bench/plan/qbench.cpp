// tune-plan-qbench: how much of the best throughput a budgeted search recovers.
//
// 1. Exhaustive: every point of the finite candidate set the search draws from, each run in
//    fresh processes, in interleaved rounds (each round a new seeded order, so a level shift of
//    the machine lands on every point alike); T(point) is the median per-window objective.
// 2. For each budget, the real search (the same engine `tune plan search` runs) picks a point;
//    a search that honestly keeps the baseline picks the baseline.
// 3. Final: the exhaustive pass's best few, every selected point and the baseline are measured
//    again in interleaved rounds. The minimum of many noisy medians is biased low (the winner's
//    curse), so T* and T(selected) both come from this fresh pass: q = T* / T(selected).
//
//   tune-plan-qbench --budgets 10,30,120 --searches 3 --rounds 3 --final-rounds 7 --out q.json -- <program> <args>...
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "plan/allocation.h"
#include "plan/decision.h"
#include "plan/enumeration.h"
#include "plan/identity.h"
#include "plan/knobs.h"
#include "plan/process_worker.h"
#include "plan/search.h"
#include "util/atomic_file.h"
#include "util/subprocess.h"

namespace {

using namespace tune::plan;

environment with_settings(environment env, const assignment& settings) {
  for (const auto& [variable, value] : settings) {
    if (value) {
      env[variable] = *value;
    } else {
      env.erase(variable);
    }
  }
  return env;
}

// The settings a search selected, as a point of the space: the point whose assignment agrees on
// every variable (the baseline point stands for the baseline's own environment).
std::optional<std::size_t> point_of(const knob_space& space, const std::vector<choice>& points,
                                    const search_record& record) {
  if (!record.winner) return 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto settings = settings_of(space, points[i]);
    bool same = true;
    for (const auto& [variable, value] : settings) {
      const auto it = record.selected.find(variable);
      same = same && it != record.selected.end() && it->second == value;
    }
    if (same) return i;
  }
  return std::nullopt;
}

struct options {
  std::vector<double> budgets{10, 30, 120};
  int searches = 3;
  int rounds = 3;
  int final_rounds = 7;
  std::size_t final_best = 8;
  double busy_threshold = 0.25;
  std::string out = "plan-q.json";
  std::vector<std::string> command;
};

int run(const options& o) {
  const environment env = tune::util::current_environment();
  const auto sources = live_identity_sources();
  search_options base;
  base.argv = o.command;
  base.argv.front() = resolve_program(o.command.front(), env).string();
  base.caller_env = env;
  base.alloc = detect_allocation(sources.system, {});
  base.busy_threshold = o.busy_threshold;
  check_environment(env, base.alloc.threads);

  char scratch_template[] = "/tmp/tune-plan-qbench-XXXXXX";
  if (!::mkdtemp(scratch_template)) throw std::runtime_error("cannot create a scratch folder");
  const std::filesystem::path scratch = scratch_template;
  process_worker runner(base.argv, scratch / "runs");

  auto run_point = [&](const environment& point_env) {
    run_request request;
    request.env = point_env;
    request.cpus = base.alloc.cpus;
    request.timeout_s = 120;
    auto out = runner.run(request);
    if (out.status != run_outcome::state::ok) throw std::runtime_error("a measurement run failed: " + out.failure);
    return out;
  };

  // The space comes from the baseline's report, as in the search.
  const auto baseline = run_point(env);
  const auto space = build_knob_space({}, env, baseline, base.alloc.threads);
  const auto points = all_points(space);
  fmt::print("qbench: {} points over {} knobs, {} rounds\n", points.size(), space.axes.size(), o.rounds);
  std::vector<environment> point_envs;
  for (std::size_t i = 0; i < points.size(); ++i) {
    point_envs.push_back(i == 0 ? env : with_settings(env, settings_of(space, points[i])));
  }

  std::mt19937 rng(20261129);
  // Interleaved rounds over `which`; the median per-window objective of each point.
  auto measure = [&](const std::vector<std::size_t>& which, int rounds, const char* pass) {
    std::map<std::size_t, std::vector<double>> samples;
    for (int round = 0; round < rounds; ++round) {
      std::vector<std::size_t> order = which;
      std::shuffle(order.begin(), order.end(), rng);
      for (std::size_t i : order) samples[i].push_back(run_objective(run_point(point_envs[i])));
      fmt::print("qbench: {} round {}/{} done\n", pass, round + 1, rounds);
      std::fflush(stdout);
    }
    return samples;
  };

  std::vector<std::size_t> every(points.size());
  for (std::size_t i = 0; i < every.size(); ++i) every[i] = i;
  const auto exhaustive_start = std::chrono::steady_clock::now();
  const auto exhaustive = measure(every, o.rounds, "exhaustive");
  const double exhaustive_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - exhaustive_start).count();
  std::vector<std::size_t> by_time = every;
  std::stable_sort(by_time.begin(), by_time.end(), [&](std::size_t a, std::size_t b) {
    return median(exhaustive.at(a)) < median(exhaustive.at(b));
  });
  fmt::print("qbench: exhaustive best {:.6f} s per window ({}), baseline {:.6f} s\n", median(exhaustive.at(by_time[0])),
             describe(space, points[by_time[0]]), median(exhaustive.at(0)));

  struct search_row {
    double budget_s;
    search_record record;
    std::optional<std::size_t> selected;
  };
  std::vector<search_row> rows;
  steady_clock_source clock;
  proc_load_monitor load(base.alloc.cpus);
  for (double budget : o.budgets) {
    for (int k = 0; k < o.searches; ++k) {
      search_options opts = base;
      opts.budget_s = budget;
      search_context context{runner, clock, load};
      auto record = run_search(opts, context);
      const auto selected = record.plan_written_allowed ? point_of(space, points, record) : std::nullopt;
      fmt::print("qbench: budget {:>5.0f} s  #{}  {:<16} overrun {:.3f} s  {} processes  {}\n", budget, k + 1,
                 to_string(record.status), record.overrun_s, record.runs.size(),
                 selected ? describe(space, points[*selected]) : "none");
      std::fflush(stdout);
      rows.push_back({budget, std::move(record), selected});
    }
  }

  std::vector<std::size_t> finalists(by_time.begin(), by_time.begin() + std::min(o.final_best, by_time.size()));
  for (const auto& row : rows) {
    if (row.selected) finalists.push_back(*row.selected);
  }
  finalists.push_back(0);
  std::sort(finalists.begin(), finalists.end());
  finalists.erase(std::unique(finalists.begin(), finalists.end()), finalists.end());
  const auto final_samples = measure(finalists, o.final_rounds, "final");
  std::map<std::size_t, double> t;
  std::size_t best = finalists.front();
  for (std::size_t i : finalists) {
    t[i] = median(final_samples.at(i));
    if (t[i] < t[best]) best = i;
  }
  fmt::print("qbench: T* = {:.6f} s per window ({}), baseline {:.6f} s\n", t[best], describe(space, points[best]),
             t[0]);

  nlohmann::json results = nlohmann::json::array();
  for (const auto& row : rows) {
    nlohmann::json r = {{"budget_s", row.budget_s},
                        {"status", to_string(row.record.status)},
                        {"stop_reason", row.record.stop_reason},
                        {"elapsed_s", row.record.elapsed_s},
                        {"overrun_s", row.record.overrun_s},
                        {"processes", row.record.runs.size()},
                        {"selected", row.selected ? describe(space, points[*row.selected]) : "none"}};
    if (row.selected) {
      r["t_selected_s"] = t.at(*row.selected);
      r["q"] = t[best] / t.at(*row.selected);
    }
    fmt::print("qbench: budget {:>5.0f} s  {:<16} q={}  overrun {:.3f} s  {}\n", row.budget_s,
               to_string(row.record.status),
               row.selected ? fmt::format("{:.3f}", t[best] / t.at(*row.selected)) : "n/a", row.record.overrun_s,
               r["selected"].get<std::string>());
    results.push_back(r);
  }

  nlohmann::json table = nlohmann::json::array();
  for (std::size_t i = 0; i < points.size(); ++i) {
    nlohmann::json entry = {{"point", describe(space, points[i])}, {"exhaustive_s", exhaustive.at(i)}};
    if (final_samples.count(i)) entry["final_s"] = final_samples.at(i);
    table.push_back(entry);
  }
  const nlohmann::json doc = {{"format", "tune-plan-qbench/1"},
                              {"program", base.argv},
                              {"allocation_threads", base.alloc.threads},
                              {"points", points.size()},
                              {"rounds", o.rounds},
                              {"final_rounds", o.final_rounds},
                              {"exhaustive_s", exhaustive_s},
                              {"t_star_s", t[best]},
                              {"best", describe(space, points[best])},
                              {"t_baseline_s", t[0]},
                              {"searches", results},
                              {"points_measured", table}};
  tune::util::write_file_atomic(o.out, doc.dump(2) + "\n");
  std::filesystem::remove_all(scratch);
  fmt::print("qbench: written {}\n", o.out);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Recovered throughput q = T*/T_selected of execution-plan searches against an exhaustive measurement"};
  options o;
  app.add_option("--budgets", o.budgets, "Search budgets in seconds")->delimiter(',');
  app.add_option("--searches", o.searches, "Searches per budget")->check(CLI::PositiveNumber);
  app.add_option("--rounds", o.rounds, "Exhaustive rounds (processes per point)")->check(CLI::PositiveNumber);
  app.add_option("--final-rounds", o.final_rounds, "Rounds of the final pass over the finalists")
      ->check(CLI::PositiveNumber);
  app.add_option("--final-best", o.final_best, "How many of the exhaustive pass's best enter the final pass");
  app.add_option("--busy-threshold", o.busy_threshold, "As tune plan search --busy-threshold");
  app.add_option("--out", o.out, "Where to write the results (JSON)");
  app.add_option("command", o.command, "-- <program> <args>...")->required();
  CLI11_PARSE(app, argc, argv);
  try {
    return run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tune-plan-qbench: %s\n", e.what());
    return 1;
  }
}
