#include "mints.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "busy_core.h"
#include "kernel_timer.h"
#include "measure/machine_state.h"
#include "measure/real_clock.h"
#include "race/engine.h"
#include "report.h"
#include "util/atomic_file.h"

namespace tune::race_real {

namespace {

double now_s() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

}  // namespace

void add_job_options(CLI::App& app, job_options& o) {
  app.add_option("--aa", o.identical, "A/A mints: the fallback and --twins byte-identical copies");
  app.add_option("--twins", o.twins, "identical copies beside the fallback in the A/A family")
      ->check(CLI::Range(1, 11));
  app.add_option("--planted", o.planted, "mints per planted gain");
  app.add_option("--gains", o.gains_pct, "planted rows' work saved, percent")->delimiter(',');
  app.add_option("--twelve", o.twelve, "mints of each 12-row family (mixed grid, all identical)");
  app.add_flag("--load", o.load, "keep the other core busy with a pinned spinning thread");
  app.add_flag("--override", o.noise_override, "count refusals but race anyway (TUNE_NOISE_OVERRIDE=1)");
  app.add_option("--seed", o.seed, "protocol seed of the first mint (each mint adds its index)");
  app.add_option("--conditions", o.conditions, "what else the machine is doing, recorded in the table");
  app.add_option("--log", o.log_path, "also write every mint's decision, one JSON object a line, to this path");
  app.add_option("--out", o.out_path, "also write the table as markdown to this path");
}

std::vector<mint_job> schedule(const job_options& o) {
  std::vector<mint_job> out;
  const std::size_t most = std::max({o.identical, o.planted, o.twelve});
  for (std::size_t i = 0; i < most; ++i) {
    if (i < o.identical) out.push_back(identical_job(o.twins));
    if (i < o.planted) {
      for (double g : o.gains_pct) out.push_back(planted_job(g / 100));
    }
    if (i < o.twelve) {
      out.push_back(twelve_mixed_job());
      out.push_back(twelve_identical_job());
    }
  }
  return out;
}

std::vector<std::size_t> arm_order(std::size_t arms, std::size_t job) {
  std::vector<std::size_t> out;
  for (std::size_t k = 0; k < arms; ++k) out.push_back(job % 2 == 0 ? k : arms - 1 - k);
  return out;
}

int mint_and_report(const job_options& o, const std::vector<protocol_arm>& arms, placement set,
                    const std::string& command) {
  if (arms.empty()) throw std::invalid_argument("mint_and_report: no protocol arm; pass at least one");
  std::unique_ptr<busy_core> busy;
  if (o.load) busy = std::make_unique<busy_core>();
  const std::vector<mint_job> jobs = schedule(o);
  const auto labelled = [&](const protocol_arm& arm, const std::string& label) {
    return arms.size() == 1 ? label : arm.name + ": " + label;
  };
  std::vector<std::string> order;
  for (const auto& arm : arms) {
    for (const auto& job : jobs) {
      if (std::find(order.begin(), order.end(), labelled(arm, job.label)) == order.end())
        order.push_back(labelled(arm, job.label));
    }
  }
  run_context context;
  context.command = command;
  context.conditions = o.conditions + (set == placement::aligned ? "; copies aligned" : "; copies packed");
  context.load = o.load;
  context.load_cpu = busy ? busy->cpu() : -1;
  if (arms.size() > 1) {
    for (const auto& arm : arms) context.arms.push_back(arm.name);
  }
  context.before = measure::machine_state();
  const double started = now_s();
  measure::real_clock clock;
  std::vector<mint_record> records;
  std::ofstream log;
  if (!o.log_path.empty()) {
    log.open(o.log_path);
    if (!log) throw std::runtime_error(fmt::format("--log: cannot write {}", o.log_path));
  }
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    for (const std::size_t a : arm_order(arms.size(), i)) {
      const protocol_arm& arm = arms[a];
      mint_job job = jobs[i];
      job.label = labelled(arm, job.label);
      kernel_timer timer({job.family}, set);
      race::family_input family;
      family.name = job.family.name;
      for (const auto& row : job.family.rows) family.rows.push_back({row.suffix, std::nullopt, std::nullopt});
      race::protocol p = arm.protocol;
      p.noise_override = o.noise_override;
      p.seed = o.seed + i;
      const auto result = race::run_mint({family}, timer, clock, p);
      records.push_back(record_mint(job, result));
      if (log) log << mint_line(jobs[i], arm.name, result) << "\n" << std::flush;
      std::cerr << fmt::format("[{}/{}] {:<30} {:<14} {} {:.2f} s (elapsed {:.0f} s)\n", i + 1, jobs.size(), job.label,
                               race::to_string(result.status),
                               result.families.empty() ? std::string("-")
                                                       : fmt::format("{} {}", result.families[0].winner,
                                                                     race::to_string(result.families[0].outcome)),
                               records.back().mint_s, now_s() - started);
    }
  }
  context.wall_s = now_s() - started;
  context.after = measure::machine_state();
  race::protocol shown = arms.front().protocol;
  shown.noise_override = o.noise_override;
  const std::string text = render(records, order, context, shown);
  std::cout << text;
  if (!o.out_path.empty()) util::write_file_atomic(o.out_path, text);
  return 0;
}

std::string command_line(const std::string& program, int argc, char** argv) {
  std::string out = program;
  for (int i = 1; i < argc; ++i) out += std::string(" ") + argv[i];
  return out;
}

}  // namespace tune::race_real
