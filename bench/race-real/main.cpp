// tune-race-real: the race protocol (docs/measurement.md) on this machine's real clock. Mints, in-process and
// interleaved, a family of byte-identical rows (any win is a false win), families with a planted
// row doing 5-50% less work (a win by it is a recovery) and 12-row families (time to mint), idle
// or with a busy thread on the other core; prints a markdown table and can write it with --out.
// `--study-windows S` instead measures, for several window lengths, what a paired race needs.
// `--arms` mints every job under several protocol variants, back to back, to compare them on the
// same machine state; `--study-relocation S` asks whether a gap between copies follows the code.
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "busy_core.h"
#include "copy_survey.h"
#include "families.h"
#include "kernel_timer.h"
#include "protocol_arms.h"
#include "relocation_study.h"
#include "measure/machine_state.h"
#include "measure/real_clock.h"
#include "race/engine.h"
#include "report.h"
#include "spin_study.h"
#include "util/atomic_file.h"
#include "window_study.h"

namespace {

using namespace tune::race_real;

double now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string command_line(int argc, char** argv) {
  std::string out = "tune-race-real";
  for (int i = 1; i < argc; ++i) out += std::string(" ") + argv[i];
  return out;
}

// Round-robin over the kinds, so every kind sees the same machine over the run.
std::vector<mint_job> schedule(std::size_t identical, std::size_t twins, std::size_t planted,
                               const std::vector<double>& gains_pct, std::size_t twelve) {
  std::vector<mint_job> out;
  const std::size_t most = std::max({identical, planted, twelve});
  for (std::size_t i = 0; i < most; ++i) {
    if (i < identical) out.push_back(identical_job(twins));
    if (i < planted) {
      for (double g : gains_pct) out.push_back(planted_job(g / 100));
    }
    if (i < twelve) {
      out.push_back(twelve_mixed_job());
      out.push_back(twelve_identical_job());
    }
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"The race protocol on this machine's real clock: false wins, recoveries, time to mint"};
  std::size_t identical = 300, twins = 3, planted = 100, twelve = 30;
  std::vector<double> gains_pct{5, 10, 20, 50};
  bool load = false;
  std::string out_path, conditions = "not described (pass --conditions)";
  double study_s = 0;
  std::string placement_name = "packed";
  std::vector<double> study_windows_ms{2.5, 5, 10, 20, 40};
  std::size_t spin_trials = 0;
  std::vector<double> study_spins_s{0, 0.5, 3};
  double sleep_s = 1;
  double survey_s = 0;
  double stretch_s = 1.5;
  std::string log_path;
  std::string survey_log_path;
  double relocation_s = 0, relocation_delay_s = 2;
  tune::race::protocol p;
  std::vector<std::string> arm_specs{"base"};
  app.add_option("--aa", identical, "A/A mints: the fallback and --twins byte-identical copies");
  app.add_option("--twins", twins, "identical copies beside the fallback in the A/A family")->check(CLI::Range(1, 11));
  app.add_option("--planted", planted, "mints per planted gain");
  app.add_option("--gains", gains_pct, "planted rows' work saved, percent")->delimiter(',');
  app.add_option("--twelve", twelve, "mints of each 12-row family (mixed grid, all identical)");
  app.add_flag("--load", load, "keep the other core busy with a pinned spinning thread");
  app.add_option("--conditions", conditions, "what else the machine is doing, recorded in the table");
  app.add_option("--placement", placement_name, "copies at the default alignment (packed) or 64-byte aligned")
      ->check(CLI::IsMember({"packed", "aligned"}));
  app.add_option("--log", log_path, "also write every mint's decision, one JSON object a line, to this path");
  app.add_option("--out", out_path, "also write the table as markdown to this path");
  app.add_option("--study-windows", study_s, "instead of minting: study window lengths for this many seconds");
  app.add_option("--study-lengths", study_windows_ms, "window lengths the study compares, ms")->delimiter(',');
  app.add_option("--study-spins", spin_trials, "instead of minting: this many trials of each settling spin");
  app.add_option("--spin-lengths", study_spins_s, "spins the study compares, seconds")->delimiter(',');
  app.add_option("--sleep", sleep_s, "spin study: seconds the thread sleeps before each trial");
  app.add_option("--survey-copies", survey_s, "instead of minting: time every copy of --placement for this many seconds");
  app.add_option("--survey-stretch", stretch_s, "survey: also judge the copies in stretches of this many seconds")
      ->check(CLI::PositiveNumber);
  app.add_option("--survey-log", survey_log_path, "survey: also write every round's ratios to copy 0 as CSV here");
  app.add_option("--study-relocation", relocation_s,
                 "instead of minting: race copy 0 against a twin, re-race them and their relocated copies now and "
                 "after --relocation-delay, for this many seconds; CSV to --out");
  app.add_option("--relocation-delay", relocation_delay_s, "relocation study: seconds before the late re-race")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--seed", p.seed, "protocol seed of the first mint (each mint adds its index)");
  app.add_option("--window-ms", p.window_ms, "protocol: window length")->check(CLI::PositiveNumber);
  app.add_option("--screen-rounds", p.screen_rounds, "protocol: screen rounds")->check(CLI::PositiveNumber);
  app.add_option("--final-rounds", p.final_rounds, "protocol: final rounds")->check(CLI::PositiveNumber);
  app.add_option("--validate-rounds", p.validate_rounds, "protocol: validation paired rounds")->check(CLI::PositiveNumber);
  app.add_option("--noisy-rounds", p.noisy_rounds, "protocol: paired rounds on a noisy box")->check(CLI::NonNegativeNumber);
  app.add_option("--spin-seconds", p.spin_seconds, "protocol: settling spin")->check(CLI::NonNegativeNumber);
  app.add_option("--min-margin", p.min_margin, "protocol: minimum required gain (fraction)")->check(CLI::Range(0.0, 1.0));
  app.add_option("--probe-windows", p.probe_windows, "protocol: probe windows")->check(CLI::Range(2, 1000));
  app.add_option("--validate-delay", p.validate_delay_s, "protocol: seconds from the final's end to the re-race")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--validate-relocated", p.validate_relocated,
                 "protocol: re-race relocated copies of seat and fallback at this many placements (0: the rows)")
      ->check(CLI::Range(0, relocated_placements));
  app.add_flag("--validate-by-block", p.validate_by_block, "protocol: the re-race's sign test counts ABBA blocks");
  app.add_option("--arms", arm_specs,
                 "mint every job under each of these protocols, back to back: base, blocks, relocated, relocated=N, "
                 "delay=S, window=MS, or a '+'-joined mix")
      ->delimiter(',');
  app.add_flag("--override", p.noise_override, "count refusals but race anyway (TUNE_NOISE_OVERRIDE=1)");
  CLI11_PARSE(app, argc, argv);

  const std::string command = command_line(argc, argv);
  const placement set = placement_named(placement_name);
  std::unique_ptr<busy_core> busy;
  if (load) busy = std::make_unique<busy_core>();
  const auto emit = [&](const std::string& text) {
    std::cout << text;
    if (!out_path.empty()) tune::util::write_file_atomic(out_path, text);
    return 0;
  };
  const std::string with_load = conditions + (busy ? fmt::format("; a busy thread pinned to CPU {}", busy->cpu()) : "");
  if (study_s > 0) return emit(render_study(study_windows(study_windows_ms, study_s, set), command, with_load));
  if (survey_s > 0) {
    const copy_survey survey = survey_copies(set, survey_s, p.window_ms, stretch_s);
    if (!survey_log_path.empty()) tune::util::write_file_atomic(survey_log_path, survey_rounds_csv(survey));
    return emit(render_survey(survey, command, with_load + "; copies " + placement_name));
  }
  if (relocation_s > 0)
    return emit(relocation_csv(study_relocation(set, relocation_s, p.window_ms, stretch_s, relocation_delay_s)));
  if (spin_trials > 0)
    return emit(render_spins(study_spins(study_spins_s, spin_trials, sleep_s, p), command, with_load, p, sleep_s));

  const std::vector<mint_job> jobs = schedule(identical, twins, planted, gains_pct, twelve);
  std::vector<std::string> order;
  for (const auto& job : jobs) {
    if (std::find(order.begin(), order.end(), job.label) == order.end()) order.push_back(job.label);
  }
  run_context context;
  context.command = command;
  context.conditions = conditions + "; copies " + placement_name;
  context.load = load;
  context.load_cpu = busy ? busy->cpu() : -1;
  context.before = tune::measure::machine_state();
  const double started = now_s();
  tune::measure::real_clock clock;
  std::vector<mint_record> records;
  std::ofstream log;
  if (!log_path.empty()) {
    log.open(log_path);
    if (!log) throw std::runtime_error(fmt::format("--log: cannot write {}", log_path));
  }
  const std::vector<protocol_arm> arms = parse_arms(arm_specs, p);
  const auto labelled = [&](const protocol_arm& arm, const std::string& label) {
    return arms.size() == 1 ? label : arm.name + ": " + label;
  };
  if (arms.size() > 1) {
    order.clear();
    for (const auto& arm : arms) {
      for (const auto& job : jobs) {
        if (std::find(order.begin(), order.end(), labelled(arm, job.label)) == order.end())
          order.push_back(labelled(arm, job.label));
      }
    }
  }
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    for (const std::size_t a : arm_order(arms.size(), i)) {
      const protocol_arm& arm = arms[a];
      mint_job job = jobs[i];
      job.label = labelled(arm, job.label);
      kernel_timer timer({job.family}, set);
      tune::race::family_input family;
      family.name = job.family.name;
      for (const auto& row : job.family.rows) family.rows.push_back({row.suffix, std::nullopt});
      tune::race::protocol mint_protocol = arm.protocol;
      mint_protocol.seed = p.seed + i;
      const auto result = tune::race::run_mint({family}, timer, clock, mint_protocol);
      records.push_back(record_mint(job, result));
      if (log) log << mint_line(jobs[i], arm.name, result) << "\n" << std::flush;
      const mint_record& r = records.back();
      std::cerr << fmt::format("[{}/{}] {:<30} {:<14} {} {:.2f} s (elapsed {:.0f} s)\n", i + 1, jobs.size(), job.label,
                               tune::race::to_string(result.status),
                               result.families.empty() ? std::string("-")
                                                       : fmt::format("{} {}", result.families[0].winner,
                                                                     tune::race::to_string(result.families[0].outcome)),
                               r.mint_s, now_s() - started);
    }
  }
  context.wall_s = now_s() - started;
  context.after = tune::measure::machine_state();
  return emit(render(records, order, context, p));
}
