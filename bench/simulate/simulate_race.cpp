// tune-simulate-race: thousands of simulated mints per cell, a markdown table of false-win and
// recovery rates with Clopper-Pearson 95% intervals, the simulated time to mint per scenario, and
// a check of the protocol's goals (false wins <= 1% at cv <= 8%; recovery >= 95% for gains >= 2x
// the required margin). `--out` writes the table (docs/measurement-simulation.md).
#include <algorithm>
#include <atomic>
#include <cmath>
#include <iostream>
#include <mutex>
#include <thread>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "measure/stats.h"
#include "scenarios.h"
#include "util/atomic_file.h"

namespace {

using tune::simulate::cell_result;
using tune::simulate::family_shape;

struct cell {
  std::size_t scenario = 0;
  family_shape shape = family_shape::four;
  double gain = 0;
  cell_result result;
};

std::string rate(std::size_t k, std::size_t n) {
  const auto ci = tune::measure::clopper_pearson(k, n, 0.95);
  return fmt::format("{:.2f}% [{:.2f}, {:.2f}]", 100.0 * static_cast<double>(k) / static_cast<double>(n), ci.lo * 100,
                     ci.hi * 100);
}

double quantile(std::vector<double> xs, double q) {
  std::sort(xs.begin(), xs.end());
  const double at = q * static_cast<double>(xs.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(at));
  const auto hi = std::min(lo + 1, xs.size() - 1);
  return xs[lo] + (xs[hi] - xs[lo]) * (at - static_cast<double>(lo));
}

std::string describe(const tune::race::protocol& p) {
  return fmt::format(
      "{:g} ms windows (+0-{:.0f}% jitter), screen {} rounds, final >= {}, validation >= {} paired rounds (ABBA), up "
      "to {} paired rounds each as the noise floor nears the min margin{}, min margin {:.1f}%, alpha {} (Bonferroni "
      "over finalists{}), probe {} windows, settle above {:.0f}% by spinning {:g} s, ceiling {:.0f}% (counted, not "
      "enforced)",
      p.window_ms, p.window_jitter * 100, p.screen_rounds, p.final_rounds, p.validate_rounds, p.noisy_rounds,
      p.looks > 1 ? fmt::format(", decided at {} looks", p.looks) : "", p.min_margin * 100, p.alpha,
      p.looks > 1 ? " and looks" : "", p.probe_windows, p.probe_settle * 100, p.spin_seconds, p.noise_ceiling * 100);
}

std::string render(const std::vector<cell>& cells, const tune::race::protocol& p, std::size_t races,
                   const std::string& command) {
  const auto& scenarios = tune::simulate::scenarios();
  const auto& gains = tune::simulate::planted_gains();
  std::string out = "# Race protocol: Monte-Carlo quality run\n\n";
  out += fmt::format("Command: `{}`\n\n", command);
  out += fmt::format(
      "{} mints per cell; family of 4 rows (fallback, 2 twins of the fallback, planted row last). Protocol: {}. Rates "
      "are point estimates with Clopper-Pearson 95% intervals, in percent. Window noise is lognormal with the cv "
      "named, rows and probe alike; drift is a sinusoidal level swing of +-20% with a 3 s period; outliers are "
      "windows 3x longer.\n\n",
      races, describe(p));
  out += "| scenario | need (median) | would refuse | false wins, identical rows |";
  for (double g : gains) out += fmt::format(" recovery {:.0f}% |", g * 100);
  out += "\n|---|---|---|---|";
  for (std::size_t i = 0; i < gains.size(); ++i) out += "---|";
  out += "\n";

  std::string goals, time_table;
  bool all_met = true;
  time_table +=
      "| scenario | 4 rows: median s | 4 rows: p90 s | 12 rows: median s | 12 rows: p90 s | 12 rows: a best "
      "row seated | 12 rows, mean s: warm / screen / final / validate / probe / spin |\n"
      "|---|---|---|---|---|---|---|\n";
  for (std::size_t s = 0; s < scenarios.size(); ++s) {
    std::vector<const cell*> row;
    const cell* twelve = nullptr;
    for (const auto& c : cells) {
      if (c.scenario != s) continue;
      if (c.shape == family_shape::four)
        row.push_back(&c);
      else
        twelve = &c;
    }
    const cell& aa = *row.front();
    std::size_t refused = 0, total = 0;
    std::vector<double> four_s;
    for (const cell* c : row) {
      refused += c->result.would_refuse;
      total += c->result.races;
      four_s.insert(four_s.end(), c->result.mint_s.begin(), c->result.mint_s.end());
    }
    out += fmt::format("| {} | {:.1f}% | {:.1f}% | {} |", scenarios[s].name, tune::measure::median(aa.result.needs),
                       100.0 * static_cast<double>(refused) / static_cast<double>(total),
                       rate(aa.result.hits, aa.result.races));
    for (std::size_t g = 1; g < row.size(); ++g)
      out += fmt::format(" {} |", rate(row[g]->result.hits, row[g]->result.races));
    out += "\n";

    time_table +=
        fmt::format("| {} | {:.2f} | {:.2f} |", scenarios[s].name, quantile(four_s, 0.5), quantile(four_s, 0.9));
    if (twelve) {
      const cell_result& t = twelve->result;
      const auto mean = [&](const char* phase) {
        const auto it = t.phase_s.find(phase);
        return it == t.phase_s.end() ? 0.0 : it->second / static_cast<double>(t.races);
      };
      time_table += fmt::format(" {:.2f} | {:.2f} | {} | {:.2f} / {:.2f} / {:.2f} / {:.2f} / {:.2f} / {:.2f} |\n",
                                quantile(t.mint_s, 0.5), quantile(t.mint_s, 0.9), rate(t.hits, t.races), mean("warm"),
                                mean("screen"), mean("final"), mean("validate"), mean("probe"), mean("spin"));
    } else {
      time_table += " - | - | - | - |\n";
    }

    if (scenarios[s].cv <= 0.08) {
      const double false_rate = static_cast<double>(aa.result.hits) / static_cast<double>(aa.result.races);
      const bool met = false_rate <= 0.01;
      all_met = all_met && met;
      goals +=
          fmt::format("- {}: false wins {:.2f}% {} 1%\n", scenarios[s].name, false_rate * 100, met ? "<=" : "EXCEEDS");
    }
    for (std::size_t g = 1; g < row.size(); ++g) {
      const cell_result& r = row[g]->result;
      if (r.qualifying == 0) continue;
      const double recovered = static_cast<double>(r.qualifying_hits) / static_cast<double>(r.qualifying);
      const bool met = recovered >= 0.95;
      all_met = all_met && met;
      goals += fmt::format("- {}: recovery of {:.0f}% in the {} of {} mints whose need was <= {:.1f}%: {} {} 95%\n",
                           scenarios[s].name, row[g]->gain * 100, r.qualifying, r.races, row[g]->gain * 50,
                           rate(r.qualifying_hits, r.qualifying), met ? ">=" : "BELOW");
    }
  }
  out +=
      fmt::format("\n## Time to mint (simulated seconds: probes, spins and the race of one family)\n\n{}", time_table);
  out += fmt::format("\n## Goals: {}\n\n{}", all_met ? "met" : "NOT met", goals);
  out += "\n## Why planted gains of at least twice the need were missed\n\n";
  bool any = false;
  for (const auto& c : cells) {
    if (c.result.misses.empty()) continue;
    any = true;
    out += fmt::format("- {}, gain {:.0f}%:", scenarios[c.scenario].name, c.gain * 100);
    for (const auto& [why, n] : c.result.misses) out += fmt::format(" {} {};", why, n);
    out += "\n";
  }
  if (!any) out += "- none\n";
  return out;
}

std::string command_line(int argc, char** argv) {
  std::string out = "tune-simulate-race";
  for (int i = 1; i < argc; ++i) out += std::string(" ") + argv[i];
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Monte-Carlo quality run of the race protocol (docs/measurement.md): false wins and recovery rates"};
  std::size_t races = 5000;
  std::string out_path;
  std::uint64_t seed = 1;
  unsigned threads = std::max(1u, std::min(2u, std::thread::hardware_concurrency()));
  tune::race::protocol p;
  app.add_option("--races", races, "mints per cell")->check(CLI::PositiveNumber);
  app.add_option("--out", out_path, "also write the table as markdown to this path (docs/measurement-simulation.md)");
  app.add_option("--seed", seed, "first seed");
  app.add_option("--threads", threads, "worker threads")->check(CLI::PositiveNumber);
  app.add_option("--window-ms", p.window_ms, "protocol: window length")->check(CLI::PositiveNumber);
  app.add_option("--screen-rounds", p.screen_rounds, "protocol: screen rounds")->check(CLI::PositiveNumber);
  app.add_option("--final-rounds", p.final_rounds, "protocol: final rounds")->check(CLI::PositiveNumber);
  app.add_option("--validate-rounds", p.validate_rounds, "protocol: validation paired rounds")
      ->check(CLI::PositiveNumber);
  app.add_option("--noisy-rounds", p.noisy_rounds, "protocol: paired rounds once the noise floor reaches min margin")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--looks", p.looks, "protocol: looks at which the final and the re-race may stop early")
      ->check(CLI::PositiveNumber);
  app.add_option("--min-margin", p.min_margin, "protocol: minimum required gain (fraction)");
  app.add_option("--alpha", p.alpha, "protocol: family-wise sign-test level")->check(CLI::Range(0.0, 1.0));
  app.add_option("--probe-windows", p.probe_windows, "protocol: probe windows")->check(CLI::Range(2, 1000));
  app.add_option("--spin-seconds", p.spin_seconds, "protocol: settling spin")->check(CLI::NonNegativeNumber);
  CLI11_PARSE(app, argc, argv);

  std::vector<cell> cells;
  for (std::size_t s = 0; s < tune::simulate::scenarios().size(); ++s) {
    cells.push_back({s, family_shape::four, 0, {}});
    for (double g : tune::simulate::planted_gains()) cells.push_back({s, family_shape::four, g, {}});
    cells.push_back({s, family_shape::twelve_mixed, 0, {}});
  }
  std::atomic<std::size_t> next{0};
  std::mutex progress;
  std::size_t done = 0;
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t) {
    workers.emplace_back([&] {
      for (std::size_t i = next++; i < cells.size(); i = next++) {
        // The 12-row family is there for its time to mint; a tenth of the mints measure it well.
        const std::size_t n = cells[i].shape == family_shape::four ? races : std::max<std::size_t>(1, races / 10);
        cells[i].result = tune::simulate::run_cell(tune::simulate::scenarios()[cells[i].scenario], cells[i].shape,
                                                   cells[i].gain, n, p, seed + i * 1'000'003);
        const std::lock_guard lock(progress);
        std::cerr << fmt::format("\r{}/{} cells", ++done, cells.size()) << std::flush;
      }
    });
  }
  for (auto& w : workers) w.join();
  std::cerr << "\n";

  const std::string table = render(cells, p, races, command_line(argc, argv));
  std::cout << table;
  if (!out_path.empty()) tune::util::write_file_atomic(out_path, table);
  return 0;
}
