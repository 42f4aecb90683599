#include "plan/plan_search.h"

#include <chrono>
#include <cstdlib>

#include "plan/cache.h"
#include "plan/identity.h"
#include "plan/plan_file.h"
#include "plan/process_worker.h"
#include "plan/report.h"
#include "plan/wisdom_store.h"
#include "util/atomic_file.h"
#include "util/sha256.h"
#include "util/subprocess.h"
#include "util/utc_time.h"
#include "util/json_file.h"

namespace tune::plan {
namespace {

namespace fs = std::filesystem;

// A private scratch folder for the candidates' pilot reports and wisdom copies.
class scratch_dir {
 public:
  scratch_dir() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/tune-plan-XXXXXX";
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot create a scratch folder like " + pattern);
    path_ = pattern;
  }
  ~scratch_dir() {
    std::error_code ignored;  // best effort: a leftover temporary folder must not mask the result
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string write_report(const fs::path& path, const search_record& record, const std::optional<plan_identity>& id,
                         const std::string& tool, const std::string& written) {
  const std::string text = util::json_text(report_json(record, id, tool, written)) + "\n";
  util::write_file_atomic(path, text);
  return util::sha256_hex(text);
}

// The run whose reported values describe the selected settings: the winner's last clean run,
// or the baseline.
const run_outcome& selected_outcome(const search_record& record) {
  const run_outcome* chosen = &*record.baseline;
  if (record.winner) {
    for (const auto& r : record.runs) {
      if (r.candidate == *record.winner && r.outcome.status == run_outcome::state::ok) chosen = &r.outcome;
    }
  }
  return *chosen;
}

// The search's options from the request: the program resolved on PATH, the allocation, the
// knobs (built-in and the project's), the initial wisdom.
search_options options_of(const plan_search_request& request, const environment& env, const identity_sources& sources) {
  search_options options;
  options.argv = request.argv;
  options.argv.front() = resolve_program(request.argv.front(), env).string();
  options.caller_env = env;
  options.alloc = detect_allocation(sources.system, {request.cpus, request.memory_bytes});
  std::vector<user_knob> user;
  for (const auto& spec : request.user_knobs) user.push_back(parse_user_knob(spec));
  options.knobs = parse_knob_request(request.knobs, user);
  options.budget_s = request.budget_s;
  options.min_gain = request.min_gain;
  options.busy_threshold = request.busy_threshold;
  if (request.tolerance) options.tol = parse_tolerance(*request.tolerance);
  if (request.initial_wisdom) {
    const auto wisdom = util::read_file(*request.initial_wisdom);
    if (!wisdom)
      throw std::runtime_error("the initial FFTW wisdom " + request.initial_wisdom->string() + " does not exist");
    options.initial_wisdom = *wisdom;
  }
  return options;
}

// What the plan's identity is derived from before the search: the program, its inputs, the
// allocation asked for, the environment and the project's knob variables.
identity_inputs request_identity_inputs(const plan_search_request& request, const environment& env) {
  identity_inputs inputs;
  inputs.argv = request.argv;
  inputs.inputs = request.inputs;
  inputs.request = {request.cpus, request.memory_bytes};
  inputs.env = env;
  for (const auto& spec : request.user_knobs) inputs.user_variables.push_back(parse_user_knob(spec).variable);
  return inputs;
}

// The plan's evidence: the winner's windows against the baseline's (or the baseline's alone),
// the A/A noise, the budget, and the report's digest.
plan_evidence evidence_of(const search_record& record) {
  plan_evidence e;
  e.status = to_string(record.status);
  e.stop_reason = record.stop_reason;
  if (const auto times = winner_times_of(record)) {
    e.baseline_window_s = times->baseline_windows;
    e.winner_window_s = times->winner_windows;
    for (const auto& c : record.confirmations) {
      if (c.candidate == *record.winner) e.gain = c.verdict.median_gain;
    }
  } else {
    for (const auto& r : record.runs) {
      if (r.candidate == 0 && r.objective_s) e.baseline_window_s.push_back(*r.objective_s);
    }
  }
  e.aa_gain = aa_noise(record.aa_pairs);
  e.budget_s = record.options.budget_s;
  e.elapsed_s = record.elapsed_s;
  e.enumeration = record.enumeration;
  return e;
}

// The plan of a search that may write one: the selected settings, what the selected run
// resolved, its FFTW wisdom (stored beside the plan) and the evidence; the report is written
// here, as the evidence holds its digest.
execution_plan plan_of(const search_record& record, const plan_search_request& request,
                       const identity_inputs& base_inputs, const identity_sources& sources, const std::string& tool,
                       const std::string& written) {
  const run_outcome& chosen = selected_outcome(record);
  identity_inputs inputs = base_inputs;
  inputs.libraries = record.baseline->libraries;
  inputs.facts = record.baseline->facts;
  for (const auto& [name, value] : record.selected) inputs.plan_variables.push_back(name);
  inputs.pilot_windows = static_cast<int>(record.baseline->windows_s.size());

  execution_plan plan;
  plan.tool = tool;
  plan.written = written;
  plan.settings = record.selected;
  plan.knob_variables = base_inputs.user_variables;
  plan.identity = derive_identity(inputs, sources);
  for (const auto& [key, value] : chosen.facts) plan.resolved[key] = value;
  for (const auto& [key, value] : chosen.knobs_read) plan.resolved["knob " + key] = value;
  if (record.wisdom) {
    std::vector<std::string> names;
    for (const auto& p : chosen.fftw_plans) names.push_back(p.name);
    plan.wisdom = store_wisdom(request.plan_path, *record.wisdom, names);
  }
  plan.evidence = evidence_of(record);
  plan.evidence.report_sha256 = write_report(request.report_path, record, plan.identity, tool, written);
  if (plan.wisdom) plan.evidence.wisdom_sha256 = plan.wisdom->sha256;
  return plan;
}

}  // namespace

plan_search_result run_plan_search(const plan_search_request& request, const std::string& tool_version) {
  const std::string tool = "cmake-tune " + tool_version;
  const std::string written = util::utc_iso8601(std::chrono::system_clock::now());
  const environment env = util::current_environment();
  const identity_sources sources = live_identity_sources();
  search_options options = options_of(request, env, sources);
  const identity_inputs base_inputs = request_identity_inputs(request, env);

  std::string cache_note = "not used (--no-cache)";
  if (request.cache_dir) {
    const auto lookup =
        lookup_cached(*request.cache_dir, derive_identity(base_inputs, sources), request.argv, env, sources);
    cache_note = lookup.note;
    if (lookup.plan) options.cached = lookup.plan->settings;
  }

  scratch_dir scratch;
  process_worker runner(options.argv, scratch.path());
  steady_clock_source clock;
  proc_load_monitor load(options.alloc.cpus);
  search_context context{runner, clock, load};
  context.progress = request.progress;
  if (const auto control = env.find("TUNE_CONTROL"); control != env.end() && !control->second.empty()) {
    const fs::path control_file = control->second;
    context.cancel_requested = [control_file] { return fs::exists(control_file); };
  }

  search_record record;
  try {
    record = run_search(options, context);
  } catch (const baseline_failure& failure) {
    write_report(request.report_path, failure.record(), std::nullopt, tool, written);
    throw;
  }
  if (record.cache_note.empty()) record.cache_note = cache_note;

  plan_search_result result;
  if (record.plan_written_allowed) {
    const execution_plan plan = plan_of(record, request, base_inputs, sources, tool, written);
    write_plan(request.plan_path, plan);
    if (request.cache_dir && record.status == search_status::improved) store_cached(*request.cache_dir, plan);
    result.plan_written = true;
  } else {
    write_report(request.report_path, record, std::nullopt, tool, written);
  }
  result.record = std::move(record);
  return result;
}

}  // namespace tune::plan
