#include "plan/launcher.h"

#include <sched.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "plan/knobs.h"
#include "plan/plan_file.h"
#include "plan/wisdom_store.h"

namespace tune::plan {

prepared_launch prepare_launch(const std::filesystem::path& plan_path, const std::vector<std::string>& argv,
                               const environment& caller, const identity_sources& sources) {
  if (argv.empty()) throw std::invalid_argument("tune plan run: no program given after --");
  const execution_plan plan = read_plan(plan_path);
  std::vector<std::string> plan_variables;
  for (const auto& [name, value] : plan.settings) plan_variables.push_back(name);
  const plan_identity now = rederive_identity(plan.identity, argv, caller, plan_variables, sources);
  auto changes = compare_identity(plan.identity, now);
  if (plan.wisdom) {
    if (auto change = check_wisdom(plan_path, *plan.wisdom)) changes.push_back(*change);
  }
  if (!changes.empty()) {
    std::string message = "refusing to launch " + argv.front() + " with the plan " + plan_path.string() + ": " +
                          std::to_string(changes.size()) + (changes.size() == 1 ? " identity" : " identities") +
                          " changed since the search:";
    for (const auto& c : changes) message += "\n  " + c.field + ": plan " + c.recorded + ", now " + c.current;
    message += "\nrun `tune plan search` again (or the tune-plan-<target> build target) for this situation";
    throw plan_refusal(message, std::move(changes));
  }

  prepared_launch launch;
  launch.program = now.program.path;
  launch.argv = argv;
  environment env = caller;
  // A launched program is not a search candidate, whatever the caller's environment says.
  for (const char* variable :
       {"TUNE_PILOT_OUT", "TUNE_FFTW_WISDOM_IN", "TUNE_FFTW_WISDOM_OUT", "TUNE_FFTW_WISDOM_ONLY"}) {
    env.erase(variable);
  }
  launch.env = with_settings(std::move(env), plan.settings);
  if (plan.wisdom) {
    launch.env["TUNE_FFTW_WISDOM_IN"] = wisdom_path(plan_path, *plan.wisdom).string();
    launch.env["TUNE_FFTW_WISDOM_ONLY"] = "1";
  }
  launch.cpus = plan.identity.alloc.cpus;
  return launch;
}

void exec_launch(const prepared_launch& launch) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int cpu : launch.cpus) CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0) {
    throw std::runtime_error("cannot set the plan's CPU affinity before starting " + launch.program.string() + ": " +
                             std::strerror(errno));
  }
  std::vector<std::string> env_strings;
  for (const auto& [name, value] : launch.env) env_strings.push_back(name + "=" + value);
  std::vector<char*> envp, argv;
  for (auto& e : env_strings) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::vector<std::string> args = launch.argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  ::execve(launch.program.c_str(), argv.data(), envp.data());
  throw std::runtime_error("cannot start " + launch.program.string() + ": " + std::strerror(errno));
}

}  // namespace tune::plan
