// `tune plan search` and `tune plan run` (docs/execution-plans.md): thin layers over tuner/plan.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/number_option.h"
#include "plan/cache.h"
#include "plan/launcher.h"
#include "plan/plan_search.h"
#include "util/subprocess.h"

namespace tune::cli {
namespace {

namespace fs = std::filesystem;

// Exit status of a search that ended without writing a plan (machine_busy, cancelled, or a
// baseline that could not finish in the budget): not an error of the tool, but nothing to launch.
constexpr int no_plan_exit = 2;

struct search_args {
  double budget_s = 30;
  double min_gain = 0.05;
  std::string tolerance;
  std::vector<std::string> knobs;
  std::vector<std::string> user_knobs;
  std::vector<std::string> inputs;
  std::optional<int> cpus;
  std::optional<long long> memory;
  std::string plan;
  std::string report;
  bool no_cache = false;
  std::string cache_dir;
  std::string wisdom;
  double busy_threshold = 0.25;
  std::vector<std::string> command;
};

int run_search_command(const search_args& a) {
  plan::plan_search_request request;
  request.argv = a.command;
  request.budget_s = a.budget_s;
  request.min_gain = a.min_gain;
  if (!a.tolerance.empty()) request.tolerance = a.tolerance;
  request.knobs = a.knobs;
  request.user_knobs = a.user_knobs;
  request.inputs.assign(a.inputs.begin(), a.inputs.end());
  request.cpus = a.cpus;
  request.memory_bytes = a.memory;
  request.plan_path = a.plan;
  request.report_path = a.report;
  if (!a.no_cache) {
    request.cache_dir =
        a.cache_dir.empty() ? plan::default_cache_dir(util::current_environment()) : fs::path(a.cache_dir);
  }
  if (!a.wisdom.empty()) request.initial_wisdom = a.wisdom;
  request.busy_threshold = a.busy_threshold;
  const auto start = std::chrono::steady_clock::now();
  request.progress = [start](const std::string& what) {
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    fmt::print("tune plan: [{:6.2f} s] {}\n", t, what);
    std::fflush(stdout);
  };
  fmt::print("tune plan: searching runtime knobs of {} within {} s\n", a.command.front(), a.budget_s);

  const auto result = plan::run_plan_search(request, TUNE_VERSION);
  const auto& r = result.record;
  fmt::print("tune plan: {}: {}\n", plan::to_string(r.status), r.stop_reason);
  fmt::print("tune plan: {} processes, {:.2f} s of a {} s budget (overrun {:.2f} s)\n", r.runs.size(), r.elapsed_s,
             a.budget_s, r.overrun_s);
  fmt::print("tune plan: report {}\n", a.report);
  if (!result.plan_written) {
    fmt::print("tune plan: no plan written ({})\n", plan::to_string(r.status));
    return no_plan_exit;
  }
  fmt::print("tune plan: plan {}\n", a.plan);
  return 0;
}

void register_search(CLI::App& plan_cmd) {
  auto a = std::make_shared<search_args>();
  auto* cmd = plan_cmd.add_subcommand("search", "Search runtime knobs in fresh processes of a program under a budget");
  cmd->add_option("--budget", a->budget_s, "Wall-clock budget in seconds, covering everything")
      ->check(
          number_option({.min = 0, .min_included = false, .max = 86400, .example = "a number of seconds such as 30"}));
  cmd->add_option("--plan", a->plan, "Where to write the plan (tune-plan/1 JSON)")->required();
  cmd->add_option("--report", a->report, "Where to write the report")->required();
  cmd->add_option("--min-gain", a->min_gain, "Smallest gain worth a plan (fraction, default 0.05)")
      ->check(number_option({.min = 0, .max = 1, .example = "a fraction such as 0.05"}));
  cmd->add_option("--tolerance", a->tolerance, "Output compare against the baseline: rel=<x>, abs=<x> or ulp=<n>");
  cmd->add_option("--knobs", a->knobs, "Knobs to search (default: all that apply)")->delimiter(',');
  cmd->add_option("--knob", a->user_knobs, "A project knob NAME:VARIABLE=v1,v2,... (repeatable)");
  cmd->add_option("--input", a->inputs, "A file whose content is part of the plan's identity (repeatable)");
  // At most what a plan may record (docs/design/hostile-inputs.md): 2^20 threads, 2^60 bytes.
  cmd->add_option("--cpus", a->cpus, "Narrow the allocation to this many CPUs")
      ->check(number_option({.min = 1, .max = 1 << 20, .whole = true, .example = "a number of CPUs such as 4"}));
  cmd->add_option("--memory", a->memory, "Narrow the allocation's memory to this many bytes")
      ->check(
          number_option({.min = 1, .max = 0x1p60, .whole = true, .example = "a number of bytes such as 8589934592"}));
  cmd->add_flag("--no-cache", a->no_cache, "Neither read nor write the plan cache");
  cmd->add_option("--cache-dir", a->cache_dir,
                  "Plan cache folder (default ${XDG_CACHE_HOME:-~/.cache}/cmake-tune/plans)");
  cmd->add_option("--fftw-wisdom", a->wisdom, "FFTW wisdom every candidate starts from (a private copy each)");
  cmd->add_option("--busy-threshold", a->busy_threshold,
                  "Share of the allocation's CPU time other processes may use before the search starts "
                  "(default 0.25); above it the result is machine_busy")
      ->check(number_option({.min = 0, .max = 1, .example = "a fraction such as 0.25"}));
  cmd->add_option("command", a->command, "-- <program> <args>...")->required();
  cmd->callback([a] { exit_code() = run_search_command(*a); });
}

struct run_args {
  std::string plan;
  std::vector<std::string> command;
};

void register_run(CLI::App& plan_cmd) {
  auto a = std::make_shared<run_args>();
  auto* cmd = plan_cmd.add_subcommand("run", "Launch a program with a plan: all of it, or refuse");
  cmd->add_option("--plan", a->plan, "The plan (tune-plan/1 JSON)")->required();
  cmd->add_option("command", a->command, "-- <program> <args>...")->required();
  cmd->callback([a] {
    const auto launch =
        plan::prepare_launch(a->plan, a->command, util::current_environment(), plan::live_identity_sources());
    std::fflush(stdout);
    plan::exec_launch(launch);
  });
}

}  // namespace

void register_plan_commands(CLI::App& app) {
  auto* plan_cmd = app.add_subcommand("plan", "Execution plans: tune a program's runtime knobs, launch with a plan");
  plan_cmd->require_subcommand(1);
  register_search(*plan_cmd);
  register_run(*plan_cmd);
}

}  // namespace tune::cli
