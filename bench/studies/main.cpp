// tune-race-studies: the experiments behind the race protocol's choices, on this machine's real
// clock and the copies of bench/race-real (docs/notes/race-real-passes-2026-11.md records what
// they found). One subcommand per study:
//   arms        every job of tune-race-real minted under several protocol variants, back to back
//   windows     what a paired race needs at several window lengths
//   spins       whether the settling spin settles a noisy probe
//   survey      whether byte-identical copies at different addresses run at one speed
//   relocation  whether a gap between two copies follows the code to relocated copies, and lasts
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "busy_core.h"
#include "copy_survey.h"
#include "kernels.h"
#include "mints.h"
#include "protocol_arms.h"
#include "relocation_study.h"
#include "spin_study.h"
#include "util/atomic_file.h"
#include "window_study.h"

namespace {

using namespace tune::race_real;

// What every study but `arms` records beside its table.
struct study_options {
  std::string placement_name = "aligned";
  bool load = false;
  std::string conditions = "not described (pass --conditions)";
  std::string out_path;
};

void add_study_options(CLI::App& app, study_options& o, bool placement) {
  if (placement)
    app.add_option("--placement", o.placement_name, "copies at the default alignment (packed) or 64-byte aligned")
        ->check(CLI::IsMember({"packed", "aligned"}))
        ->capture_default_str();
  app.add_flag("--load", o.load, "keep the other core busy with a pinned spinning thread");
  app.add_option("--conditions", o.conditions, "what else the machine is doing, recorded in the table");
  app.add_option("--out", o.out_path, "also write the result to this path");
}

// Runs `study` (with the busy thread when --load), prints its text and writes it to --out.
template <typename Study>
int emit(const study_options& o, Study study) {
  std::unique_ptr<busy_core> busy;
  if (o.load) busy = std::make_unique<busy_core>();
  const std::string conditions =
      o.conditions + (busy ? fmt::format("; a busy thread pinned to CPU {}", busy->cpu()) : std::string());
  const std::string text = study(conditions);
  std::cout << text;
  if (!o.out_path.empty()) tune::util::write_file_atomic(o.out_path, text);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Experiments on the race protocol, on this machine's real clock (bench/studies/README.md)"};
  app.require_subcommand(1);
  const std::string command = command_line("tune-race-studies", argc, argv);

  // arms: tune-race-real's jobs under protocol variants. `base` is the engine's defaults (the
  // re-race at the rows' own addresses) with the knobs below.
  CLI::App* arms = app.add_subcommand("arms", "mint every job under each of several protocols, back to back");
  job_options jobs;
  add_job_options(*arms, jobs);
  tune::race::protocol p;
  std::vector<std::string> arm_specs{"base"};
  std::string arms_placement = "aligned";
  arms->add_option(
          "--arms", arm_specs,
          "the protocols: base, relocated, relocated=N, window=MS, or a '+'-joined mix (relocated=3+window=10)")
      ->delimiter(',');
  arms->add_option("--placement", arms_placement, "copies at the default alignment (packed) or 64-byte aligned")
      ->check(CLI::IsMember({"packed", "aligned"}))
      ->capture_default_str();
  arms->add_option("--window-ms", p.window_ms, "base protocol: window length")->check(CLI::PositiveNumber);
  arms->add_option("--screen-rounds", p.screen_rounds, "base protocol: screen rounds")->check(CLI::PositiveNumber);
  arms->add_option("--final-rounds", p.final_rounds, "base protocol: final rounds")->check(CLI::PositiveNumber);
  arms->add_option("--validate-rounds", p.validate_rounds, "base protocol: validation paired rounds")
      ->check(CLI::PositiveNumber);
  arms->add_option("--noisy-rounds", p.noisy_rounds, "base protocol: paired rounds on a noisy box")
      ->check(CLI::NonNegativeNumber);
  arms->add_option("--spin-seconds", p.spin_seconds, "base protocol: settling spin")->check(CLI::NonNegativeNumber);
  arms->add_option("--min-margin", p.min_margin, "base protocol: minimum required gain (fraction)")
      ->check(CLI::Range(0.0, 1.0));
  arms->add_option("--probe-windows", p.probe_windows, "base protocol: probe windows")->check(CLI::Range(2, 1000));
  arms->add_option("--validate-relocated", p.validate_relocated,
                   "base protocol: re-race relocated copies at this many placements (0: the rows themselves)")
      ->check(CLI::Range(0, relocated_placements));

  CLI::App* windows = app.add_subcommand("windows", "what a paired race needs to resolve 3% at each window length");
  study_options windows_o;
  add_study_options(*windows, windows_o, true);
  double windows_s = 120;
  std::vector<double> window_lengths_ms{2, 5, 10, 20};
  windows->add_option("--seconds", windows_s, "how long the study runs")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  windows->add_option("--lengths", window_lengths_ms, "window lengths compared, ms")->delimiter(',');

  CLI::App* spins = app.add_subcommand("spins", "a probe, a settling spin, the probe again: does the spin settle it");
  study_options spins_o;
  add_study_options(*spins, spins_o, false);
  std::size_t spin_trials = 20;
  std::vector<double> spin_lengths_s{0, 0.5, 3};
  double sleep_s = 1;
  tune::race::protocol spin_p;
  spins->add_option("--trials", spin_trials, "trials of each spin")->check(CLI::PositiveNumber)->capture_default_str();
  spins->add_option("--lengths", spin_lengths_s, "spins compared, seconds (0: a plain re-probe)")->delimiter(',');
  spins->add_option("--sleep", sleep_s, "seconds the thread sleeps before each trial")->capture_default_str();
  spins->add_option("--window-ms", spin_p.window_ms, "the probe's window length")->check(CLI::PositiveNumber);

  CLI::App* survey = app.add_subcommand("survey", "time every copy of the set round after round, judged in stretches");
  study_options survey_o;
  add_study_options(*survey, survey_o, true);
  double survey_s = 300, stretch_s = 2, survey_window_ms = tune::race::protocol{}.window_ms;
  std::string survey_log;
  survey->add_option("--seconds", survey_s, "how long the survey runs")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  survey->add_option("--stretch", stretch_s, "judge the copies in stretches of this many seconds")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  survey->add_option("--window-ms", survey_window_ms, "window length")->check(CLI::PositiveNumber);
  survey->add_option("--log", survey_log, "also write every round's ratios to copy 0 as CSV here");

  CLI::App* relocation = app.add_subcommand(
      "relocation", "copy 0 against a twin, re-raced with their relocated copies now and after a delay (CSV)");
  study_options relocation_o;
  add_study_options(*relocation, relocation_o, true);
  double relocation_s = 420, relocation_delay_s = 2, relocation_stretch_s = 0.5,
         relocation_window_ms = tune::race::protocol{}.window_ms;
  relocation->add_option("--seconds", relocation_s, "how long the study runs")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  relocation->add_option("--delay", relocation_delay_s, "seconds before the late re-race")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  relocation->add_option("--stretch", relocation_stretch_s, "seconds of each stretch")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  relocation->add_option("--window-ms", relocation_window_ms, "window length")->check(CLI::PositiveNumber);

  CLI11_PARSE(app, argc, argv);

  if (*arms) {
    std::vector<protocol_arm> parsed;
    try {
      parsed = parse_arms(arm_specs, p);
    } catch (const std::invalid_argument& e) {
      std::cerr << "tune-race-studies: " << e.what() << "\n";
      return 2;
    }
    return mint_and_report(jobs, parsed, placement_named(arms_placement), command);
  }
  if (*windows)
    return emit(windows_o, [&](const std::string& conditions) {
      return render_study(study_windows(window_lengths_ms, windows_s, placement_named(windows_o.placement_name)),
                          command, conditions);
    });
  if (*spins)
    return emit(spins_o, [&](const std::string& conditions) {
      return render_spins(study_spins(spin_lengths_s, spin_trials, sleep_s, spin_p), command, conditions, spin_p,
                          sleep_s);
    });
  if (*survey)
    return emit(survey_o, [&](const std::string& conditions) {
      const copy_survey s =
          survey_copies(placement_named(survey_o.placement_name), survey_s, survey_window_ms, stretch_s);
      if (!survey_log.empty()) tune::util::write_file_atomic(survey_log, survey_rounds_csv(s));
      return render_survey(s, command, conditions + "; copies " + survey_o.placement_name);
    });
  return emit(relocation_o, [&](const std::string&) {
    return relocation_csv(study_relocation(placement_named(relocation_o.placement_name), relocation_s,
                                           relocation_window_ms, relocation_stretch_s, relocation_delay_s));
  });
}
