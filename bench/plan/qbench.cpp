// tune-plan-qbench: how much of the best throughput a budgeted search recovers.
//
// 1. Exhaustive: every point of the finite candidate set the search draws from, each run in
//    fresh processes, in interleaved rounds (each round a new seeded order, so a level shift of
//    the machine lands on every point alike); T(point) is the median per-window objective.
// 2. For each budget, the real search (the same engine `tune plan search` runs) picks a point;
//    a search that honestly keeps the baseline picks the baseline.
// 3. Final: the exhaustive pass's best few, every selected plan and the baseline are measured
//    again in interleaved rounds. The minimum of many noisy medians is biased low (the winner's
//    curse), so T* and T(selected) both come from this fresh pass: q = T* / T(selected).
//    A selected plan is measured as `tune plan run` applies it: its settings and, when it carries
//    FFTW wisdom, that wisdom under FFTW_WISDOM_ONLY. The search's candidates start from the
//    leader's wisdom, and FFTW_ESTIMATE uses any wisdom it finds, so a plan whose planner knob is
//    `estimate` can run the plans FFTW_MEASURE made; its settings alone would not.
//    T* is timed alike: each of the best few is measured as a plan of it would be applied, with
//    the wisdom one process of it exports. A process that plans anew times its windows after its
//    planning has run the transforms for hundreds of milliseconds, a replaying one tens of
//    milliseconds after exec (bench/plan/wisdom-spread.py); the best few are also measured
//    planning anew, and that T* is printed beside, so the difference is seen, not assumed.
//
// A point whose process fails or whose output leaves the tolerance around the baseline's cannot
// be T*: the search would have removed it too. The load average is recorded around every pass
// and search, because on a shared machine it explains the numbers.
//
//   tune-plan-qbench --budgets 10,30,120 --searches 3 --rounds 3 --final-rounds 25
//                    --out q.md --json q.json -- <program> <args>...
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
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
#include "plan/validation.h"
#include "util/atomic_file.h"
#include "util/subprocess.h"

namespace {

using namespace tune::plan;

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
  int final_rounds = 25;
  std::size_t final_best = 8;
  double busy_threshold = 0.25;
  std::string out;   // the Markdown table
  std::string json;  // every measurement
  std::vector<std::string> command;
};

double loadavg1() { return proc_load_monitor({}).loadavg1(); }

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string quote_command(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& a : argv) out += (out.empty() ? "" : " ") + a;
  return out;
}

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

  auto run_point = [&](const environment& point_env, const std::optional<std::string>& wisdom = std::nullopt,
                       bool export_wisdom = false) {
    run_request request;
    request.env = point_env;
    request.cpus = base.alloc.cpus;
    request.timeout_s = 120;
    request.wisdom_in = wisdom;
    request.wisdom_only = wisdom.has_value();
    request.export_wisdom = export_wisdom;
    return runner.run(request);
  };

  // The space and the oracle come from the baseline's report, as in the search.
  const auto baseline = run_point(env);
  if (baseline.status != run_outcome::state::ok) throw std::runtime_error("the baseline failed: " + baseline.failure);
  const auto space = build_knob_space({}, env, baseline, base.alloc.threads);
  const auto points = all_points(space);
  const std::optional<tolerance> tol =
      baseline.result ? std::optional<tolerance>(default_tolerance(baseline.result_type)) : std::nullopt;
  fmt::print("qbench: {} points over {} knobs, {} rounds\n", points.size(), space.axes.size(), o.rounds);
  // What the passes measure: every point planning anew (subject i < points.size()), then, added
  // after the searches, the best few and each selected plan with the FFTW wisdom it carries.
  struct subject {
    environment env;
    std::optional<std::string> wisdom;
    std::size_t point;  // the point of its settings
  };
  std::vector<subject> subjects;
  for (std::size_t i = 0; i < points.size(); ++i) {
    subjects.push_back({i == 0 ? env : with_settings(env, settings_of(space, points[i])), std::nullopt, i});
  }
  auto name_of = [&](std::size_t i) {
    return describe(space, points[subjects[i].point]) + (subjects[i].wisdom ? " + its FFTW wisdom" : "");
  };

  // Why a point can never be T*: its process failed or its output left the tolerance.
  std::map<std::size_t, std::string> excluded;
  std::mt19937 rng(20261129);
  // Interleaved rounds over `which`; each point's per-window objectives, one per process.
  auto measure = [&](const std::vector<std::size_t>& which, int rounds, const char* pass) {
    std::map<std::size_t, std::vector<double>> samples;
    for (int round = 0; round < rounds; ++round) {
      std::vector<std::size_t> order = which;
      std::shuffle(order.begin(), order.end(), rng);
      for (std::size_t i : order) {
        if (excluded.count(i)) continue;
        const auto out = run_point(subjects[i].env, subjects[i].wisdom);
        if (out.status != run_outcome::state::ok) {
          excluded[i] = out.failure;
        } else if (tol &&
                   (!out.result || !compare_output(*baseline.result, *out.result, out.result_type, *tol).within)) {
          excluded[i] = "output outside " + tol->text();
        } else {
          samples[i].push_back(run_objective(out));
        }
      }
      fmt::print("qbench: {} round {}/{} done (load {:.2f})\n", pass, round + 1, rounds, loadavg1());
      std::fflush(stdout);
    }
    return samples;
  };
  auto t_of = [](const std::map<std::size_t, std::vector<double>>& samples, std::size_t i) {
    const auto it = samples.find(i);
    return it == samples.end() || it->second.empty() ? std::numeric_limits<double>::infinity() : median(it->second);
  };

  std::vector<std::size_t> every(points.size());
  for (std::size_t i = 0; i < every.size(); ++i) every[i] = i;
  const double load_start = loadavg1();
  const auto exhaustive_start = std::chrono::steady_clock::now();
  const auto exhaustive = measure(every, o.rounds, "exhaustive");
  const double exhaustive_s = seconds_since(exhaustive_start);
  const double load_after_exhaustive = loadavg1();
  std::vector<std::size_t> by_time = every;
  std::stable_sort(by_time.begin(), by_time.end(),
                   [&](std::size_t a, std::size_t b) { return t_of(exhaustive, a) < t_of(exhaustive, b); });
  fmt::print("qbench: exhaustive best {:.6f} s per window ({}), baseline {:.6f} s, {} points excluded\n",
             t_of(exhaustive, by_time[0]), describe(space, points[by_time[0]]), t_of(exhaustive, 0), excluded.size());

  struct search_row {
    double budget_s;
    search_record record;
    std::optional<std::size_t> selected;  // the point of its settings
    std::optional<std::size_t> applied;   // the subject measured as its plan: the point, or it with wisdom
    double wall_s;                        // measured around the whole call, as a user would
  };
  std::vector<search_row> rows;
  steady_clock_source clock;
  proc_load_monitor load(base.alloc.cpus);
  for (double budget : o.budgets) {
    for (int k = 0; k < o.searches; ++k) {
      search_options opts = base;
      opts.budget_s = budget;
      search_context context{runner, clock, load};
      const auto start = std::chrono::steady_clock::now();
      auto record = run_search(opts, context);
      const double wall_s = seconds_since(start);
      const auto selected = record.plan_written_allowed ? point_of(space, points, record) : std::nullopt;
      fmt::print("qbench: budget {:>5.0f} s  #{}  {:<16} overrun {:.3f} s  {} processes  load {:.2f}  {}\n", budget,
                 k + 1, to_string(record.status), record.overrun_s, record.runs.size(), record.load_before.loadavg1,
                 selected ? describe(space, points[*selected]) : "none");
      std::fflush(stdout);
      std::optional<std::size_t> applied = selected;
      if (selected && record.wisdom) {
        applied = subjects.size();
        subjects.push_back({subjects[*selected].env, record.wisdom, *selected});
      }
      rows.push_back({budget, std::move(record), selected, applied, wall_s});
    }
  }

  // The best few as plans of them are applied: the wisdom one process of each exports, replayed.
  const std::vector<std::size_t> best_fresh(by_time.begin(), by_time.begin() + std::min(o.final_best, by_time.size()));
  std::vector<std::size_t> best_as_plans{0};  // the baseline runs as it is, with no plan
  for (std::size_t i : best_fresh) {
    if (i == 0 || excluded.count(i)) continue;
    const auto out = run_point(subjects[i].env, std::nullopt, true);
    if (out.status != run_outcome::state::ok) {
      // A point whose process fails cannot be T*, as in the passes.
      excluded[i] = out.failure;
      fmt::print("qbench: {} failed exporting its FFTW wisdom: {}\n", describe(space, points[i]), out.failure);
    } else if (out.wisdom && !out.wisdom->empty()) {
      best_as_plans.push_back(subjects.size());
      subjects.push_back({subjects[i].env, out.wisdom, i});
    } else {
      best_as_plans.push_back(i);  // the program made no FFTW plans: the point runs as a plan of it would
    }
  }
  std::vector<std::size_t> finalists = best_fresh;
  finalists.insert(finalists.end(), best_as_plans.begin(), best_as_plans.end());
  for (const auto& row : rows) {
    if (row.applied) finalists.push_back(*row.applied);
  }
  finalists.push_back(0);
  std::sort(finalists.begin(), finalists.end());
  finalists.erase(std::unique(finalists.begin(), finalists.end()), finalists.end());
  const double load_before_final = loadavg1();
  const auto final_samples = measure(finalists, o.final_rounds, "final");
  const double load_end = loadavg1();
  // t: each finalist's median process, the q the goal is stated in. fastest: its fastest process,
  // a second view that a level shift between processes (40% on these machines) moves less; the
  // two disagree when the final pass cannot separate the finalists. T* is the best of the best
  // few as plans (a selected plan's own wisdom may beat it: q > 1); the best planning anew is
  // printed beside it.
  std::map<std::size_t, double> t, fastest;
  for (std::size_t i : finalists) {
    t[i] = t_of(final_samples, i);
    const auto it = final_samples.find(i);
    fastest[i] = it == final_samples.end() || it->second.empty()
                     ? std::numeric_limits<double>::infinity()
                     : *std::min_element(it->second.begin(), it->second.end());
  }
  auto best_of = [](const std::vector<std::size_t>& which, const std::map<std::size_t, double>& by) {
    std::size_t best = which.front();
    for (std::size_t i : which) {
      if (by.at(i) < by.at(best)) best = i;
    }
    return best;
  };
  std::vector<std::size_t> fresh_with_baseline = best_fresh;
  fresh_with_baseline.push_back(0);
  const std::size_t best = best_of(best_as_plans, t), best_fastest = best_of(best_as_plans, fastest);
  const std::size_t best_anew = best_of(fresh_with_baseline, t);
  if (!std::isfinite(t[best])) throw std::runtime_error("no finalist completed the final pass");
  fmt::print("qbench: T* = {:.6f} s per window ({}), planning anew {:.6f} s ({}), baseline {:.6f} s\n", t[best],
             name_of(best), t[best_anew], name_of(best_anew), t[0]);

  // The Markdown table, printed and (with --out) written.
  std::string md;
  md += fmt::format("Program: `{}` on {} CPUs ({}), {} points over {} knobs ({}).\n\n", quote_command(o.command),
                    base.alloc.threads, describe_cpus(base.alloc.cpus), points.size(), space.axes.size(),
                    enumeration_version);
  md += fmt::format(
      "Exhaustive pass: {} rounds over every point in {:.0f} s, {} points excluded; final pass: {} rounds over {} "
      "finalists (the exhaustive pass's best {}, each planning anew and as a plan of it is applied, with the FFTW "
      "wisdom one process of it exported; every selected plan as `tune plan run` applies it; the baseline).\n\n",
      o.rounds, exhaustive_s, excluded.size(), o.final_rounds, finalists.size(), o.final_best);
  md += fmt::format(
      "T* = {:.6f} s per window ({}); baseline {:.6f} s per window (q of keeping the baseline: {:.3f}).\n\n", t[best],
      name_of(best), t[0], t[best] / t[0]);
  md += fmt::format(
      "Planning anew in every process, the best of the same points is {:.6f} s per window ({}): {:.3f} × T*. q is "
      "measured against T*, timed as plans are applied.\n\n",
      t[best_anew], name_of(best_anew), t[best_anew] / t[best]);
  const auto& star_samples = final_samples.at(best);
  std::vector<double> deviations;
  for (double x : star_samples) deviations.push_back(std::fabs(x - t[best]));
  md += fmt::format("Final-pass spread of T*'s processes: {:.6f} to {:.6f} s per window (MAD {:.1f}%).\n\n",
                    *std::min_element(star_samples.begin(), star_samples.end()),
                    *std::max_element(star_samples.begin(), star_samples.end()), 100 * median(deviations) / t[best]);
  md += fmt::format(
      "Load average (1 min) on this 2-core shared machine: {:.2f} at the start, {:.2f} after the exhaustive pass, "
      "{:.2f} before and {:.2f} after the final pass.\n\n",
      load_start, load_after_exhaustive, load_before_final, load_end);
  md +=
      "| budget | search | status | selected | T(selected) s/window | q | q (fastest process) | elapsed s | overrun s "
      "| processes | load before → after |\n";
  md += "|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---|\n";
  std::map<double, int> index;
  for (const auto& row : rows) {
    const auto& rec = row.record;
    const std::string q = row.applied ? fmt::format("{:.3f}", t[best] / t.at(*row.applied)) : "n/a";
    const std::string q_fastest =
        row.applied ? fmt::format("{:.3f}", fastest[best_fastest] / fastest.at(*row.applied)) : "n/a";
    md += fmt::format("| {:.0f} s | {} | {} | {} | {} | {} | {} | {:.2f} | {:.3f} | {} | {:.2f} → {:.2f} |\n",
                      row.budget_s, ++index[row.budget_s], to_string(rec.status),
                      row.applied ? name_of(*row.applied) : "none (no plan)",
                      row.applied ? fmt::format("{:.6f}", t.at(*row.applied)) : "n/a", q, q_fastest, rec.elapsed_s,
                      rec.overrun_s, rec.runs.size(), rec.load_before.loadavg1, rec.load_after.loadavg1);
  }
  // A stricter view: q against the fastest plan of any kind the final pass timed (T* or a selected
  // plan), never above 1. The minimum over more finalists is biased low, so this q is, if
  // anything, too harsh.
  double best_plan = t[best];
  for (const auto& row : rows) {
    if (row.applied) best_plan = std::min(best_plan, t.at(*row.applied));
  }
  md += fmt::format("\nThe fastest plan the final pass timed: {:.6f} s per window.\n", best_plan);
  md += "\n| budget | median q | worst q | median / worst q against the fastest plan timed | worst overrun s |\n";
  md += "|---:|---:|---:|---|---:|\n";
  for (double budget : o.budgets) {
    std::vector<double> qs, strict;
    double worst_overrun = 0;
    for (const auto& row : rows) {
      if (row.budget_s != budget) continue;
      worst_overrun = std::max(worst_overrun, row.record.overrun_s);
      if (!row.applied) continue;
      qs.push_back(t[best] / t.at(*row.applied));
      strict.push_back(best_plan / t.at(*row.applied));
    }
    md += qs.empty() ? fmt::format("| {:.0f} s | n/a | n/a | n/a | {:.3f} |\n", budget, worst_overrun)
                     : fmt::format("| {:.0f} s | {:.3f} | {:.3f} | {:.3f} / {:.3f} | {:.3f} |\n", budget, median(qs),
                                   *std::min_element(qs.begin(), qs.end()), median(strict),
                                   *std::min_element(strict.begin(), strict.end()), worst_overrun);
  }
  fmt::print("\n{}", md);
  if (!o.out.empty()) tune::util::write_file_atomic(o.out, md);

  nlohmann::json results = nlohmann::json::array();
  for (const auto& row : rows) {
    nlohmann::json r = {{"budget_s", row.budget_s},
                        {"status", to_string(row.record.status)},
                        {"stop_reason", row.record.stop_reason},
                        {"elapsed_s", row.record.elapsed_s},
                        {"overrun_s", row.record.overrun_s},
                        {"wall_s", row.wall_s},
                        {"processes", row.record.runs.size()},
                        {"loadavg1_before", row.record.load_before.loadavg1},
                        {"loadavg1_after", row.record.load_after.loadavg1},
                        {"selected", row.selected ? describe(space, points[*row.selected]) : "none"}};
    r["fftw_wisdom"] = row.record.wisdom.has_value();
    // What the search saw: its screened candidates, fastest first, each with its processes' per-window
    // objectives in run order, to set beside what the final pass saw of the same settings.
    std::vector<const candidate_record*> screened;
    for (const auto& c : row.record.candidates) {
      if (c.objective_s) screened.push_back(&c);
    }
    std::sort(screened.begin(), screened.end(),
              [](const auto* a, const auto* b) { return *a->objective_s < *b->objective_s; });
    nlohmann::json leaders = nlohmann::json::array();
    for (std::size_t k = 0; k < screened.size() && k < 8; ++k) {
      std::vector<double> processes;
      for (const auto& run : row.record.runs) {
        if (run.candidate == screened[k]->id && run.role == run_role::screen && run.objective_s)
          processes.push_back(*run.objective_s);
      }
      leaders.push_back({{"candidate", screened[k]->description},
                         {"objective_s", *screened[k]->objective_s},
                         {"screening_s", processes},
                         {"winner", row.record.winner == screened[k]->id}});
    }
    r["screened_best"] = leaders;
    if (row.applied) {
      r["t_selected_s"] = t.at(*row.applied);
      r["q"] = t[best] / t.at(*row.applied);
      r["q_fastest"] = fastest[best_fastest] / fastest.at(*row.applied);
      if (*row.applied != *row.selected && final_samples.count(*row.applied))
        r["final_s"] = final_samples.at(*row.applied);
    }
    results.push_back(r);
  }
  nlohmann::json table = nlohmann::json::array();
  for (std::size_t i = 0; i < points.size(); ++i) {
    nlohmann::json entry = {{"point", describe(space, points[i])},
                            {"exhaustive_s", exhaustive.count(i) ? exhaustive.at(i) : std::vector<double>{}}};
    if (final_samples.count(i)) entry["final_s"] = final_samples.at(i);
    for (std::size_t k : best_as_plans) {
      if (k >= points.size() && subjects[k].point == i && final_samples.count(k))
        entry["final_as_plan_s"] = final_samples.at(k);
    }
    if (excluded.count(i)) entry["excluded"] = excluded.at(i);
    table.push_back(entry);
  }
  const nlohmann::json doc = {{"format", "tune-plan-qbench/1"},
                              {"program", base.argv},
                              {"allocation_threads", base.alloc.threads},
                              {"points", points.size()},
                              {"rounds", o.rounds},
                              {"final_rounds", o.final_rounds},
                              {"exhaustive_s", exhaustive_s},
                              {"loadavg1", {load_start, load_after_exhaustive, load_before_final, load_end}},
                              {"t_star_s", t[best]},
                              {"best", name_of(best)},
                              {"t_star_anew_s", t[best_anew]},
                              {"t_best_plan_s", best_plan},
                              {"best_anew", name_of(best_anew)},
                              {"t_baseline_s", t[0]},
                              {"searches", results},
                              {"points_measured", table}};
  if (!o.json.empty()) tune::util::write_file_atomic(o.json, doc.dump(2) + "\n");
  std::filesystem::remove_all(scratch);
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
  app.add_option("--out", o.out, "Where to write the table (Markdown), e.g. q.md");
  app.add_option("--json", o.json, "Where to write every measurement (JSON)");
  app.add_option("command", o.command, "-- <program> <args>...")->required();
  CLI11_PARSE(app, argc, argv);
  try {
    return run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tune-plan-qbench: %s\n", e.what());
    return 1;
  }
}
