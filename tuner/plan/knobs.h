#pragma once
// The knobs a search may turn: which exist, which the user named, which apply to this program
// (judged from what the baseline's pilot reported) and the values each may take.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "plan/worker.h"

namespace tune::plan {

// A project's own knob: an environment variable and its values (tune_knob).
struct user_knob {
  std::string name;
  std::string variable;
  std::vector<std::string> values;
};

struct knob_request {
  std::vector<std::string> named;  // empty: every built-in knob that applies
  bool fftw_patient = false;       // "fftw_planner:patient" asks for FFTW_PATIENT as well
  std::vector<user_knob> user;
};

// Built-in knob names, in enumeration order.
const std::vector<std::string>& builtin_knobs();

// The environment variables the built-in knobs set.
const std::vector<std::string>& builtin_variables();

// Why `variable` can never be a knob's (a plan's settings are data, never code): not an
// identifier, or a variable that changes what a program loads or runs rather than how it tunes
// itself (LD_*, DYLD_*, PATH, ...). nullopt when it can be.
std::optional<std::string> unsafe_variable(const std::string& variable);

// Parses KNOBS entries ("omp_threads", "fftw_planner:patient"). Throws naming an unknown knob
// and listing the known ones.
knob_request parse_knob_request(const std::vector<std::string>& entries, std::vector<user_knob> user);

// Parses "NAME:VARIABLE=v1,v2,..." (the CLI form of tune_knob). Throws naming the entry.
user_knob parse_user_knob(const std::string& spec);

// Variables set to a value, or explicitly removed (nullopt), by one knob value.
using assignment = std::map<std::string, std::optional<std::string>>;

// `env` with every variable of `settings` set or removed: how a candidate, and a launched plan,
// get their environment.
environment with_settings(environment env, const assignment& settings);

// The value of `key` in a map of variables or facts, or nullopt when it has none.
std::optional<std::string> lookup(const std::map<std::string, std::string>& map, const std::string& key);

struct knob_value {
  std::string label;  // "1", "measure", "close"
  assignment env;
};

// One searched knob: values[0] is the baseline's own (explicit where it could be resolved).
struct knob_axis {
  std::string knob;
  std::vector<knob_value> values;
  bool threads = false;  // a thread count: its effect is checked against the pilot's report
};

struct knob_space {
  std::vector<knob_axis> axes;
  std::vector<std::string> notes;  // knobs not searched, each with the reason
};

// An explicit setting in the caller's environment that asks for more threads than the
// allocation is an error, naming the variable, both numbers and the fix.
void check_environment(const environment& caller, int allocation_threads);

// A thread count the baseline resolved above the allocation: normalized before the search.
struct normalization {
  std::string variable;
  std::string value;
  std::string reason;
};
std::vector<normalization> normalizations_needed(const run_outcome& baseline, int allocation_threads);

// The knobs that apply and their values, given what the baseline reported.
knob_space build_knob_space(const knob_request& request, const environment& caller, const run_outcome& baseline,
                            int allocation_threads);

}  // namespace tune::plan
