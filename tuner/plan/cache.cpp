#include "plan/cache.h"

#include <stdexcept>

#include "util/atomic_file.h"
#include "util/sha256.h"
#include "util/json_file.h"

namespace tune::plan {

namespace fs = std::filesystem;

fs::path default_cache_dir(const environment& env) {
  if (auto xdg = env.find("XDG_CACHE_HOME"); xdg != env.end() && !xdg->second.empty()) {
    return fs::path(xdg->second) / "cmake-tune/plans";
  }
  if (auto home = env.find("HOME"); home != env.end() && !home->second.empty()) {
    return fs::path(home->second) / ".cache/cmake-tune/plans";
  }
  throw std::runtime_error(
      "cannot place the plan cache: neither XDG_CACHE_HOME nor HOME is set; set one or use --no-cache");
}

std::string cache_key(const plan_identity& identity) {
  util::sha256 h;
  h.field("tune-plan-cache/1").field(identity.program.sha256);
  h.field(std::to_string(identity.args.size()));
  for (const auto& a : identity.args) h.field(a);
  h.field(std::to_string(identity.inputs.size()));
  for (const auto& i : identity.inputs) h.field(i.path).field(i.sha256);
  h.field(describe_cpus(identity.alloc.cpus)).field(std::to_string(identity.alloc.threads));
  h.field(identity.alloc.memory_bytes ? std::to_string(*identity.alloc.memory_bytes) : "none");
  return h.hex();
}

cache_lookup lookup_cached(const fs::path& dir, const plan_identity& current, const std::vector<std::string>& argv,
                           const environment& env, const identity_sources& sources) {
  const fs::path file = dir / (cache_key(current) + ".plan.json");
  if (!fs::exists(file))
    return {std::nullopt, "miss: no cached plan for this program, arguments, inputs and allocation"};
  execution_plan plan;
  try {
    plan = read_plan(file);
  } catch (const std::exception& e) {
    return {std::nullopt, std::string("miss: the cached entry is unusable: ") + e.what()};
  }
  std::vector<std::string> plan_variables;
  for (const auto& [name, value] : plan.settings) plan_variables.push_back(name);
  const auto now = rederive_identity(plan.identity, argv, env, plan_variables, sources);
  const auto changes = compare_identity(plan.identity, now);
  if (!changes.empty()) {
    return {std::nullopt, "miss: the cached plan's " + changes.front().field + " was " + changes.front().recorded +
                              ", now " + changes.front().current};
  }
  return {plan, "hit: " + file.string()};
}

void store_cached(const fs::path& dir, const execution_plan& plan) {
  util::write_file_atomic(dir / (cache_key(plan.identity) + ".plan.json"), util::json_text(to_json(plan)) + "\n");
}

}  // namespace tune::plan
