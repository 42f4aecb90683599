#include "plan/knobs.h"

#include <algorithm>
#include <optional>
#include <cctype>
#include <stdexcept>

namespace tune::plan {
namespace {

struct builtin {
  const char* name;
  const char* variable;
};
constexpr builtin builtins[] = {
    {"openblas_threads", "OPENBLAS_NUM_THREADS"}, {"omp_threads", "OMP_NUM_THREADS"},
    {"fftw_threads", "TUNE_KNOB_FFTW_THREADS"},   {"fftw_planner", "TUNE_KNOB_FFTW_PLANNER"},
    {"omp_wait_policy", "OMP_WAIT_POLICY"},       {"omp_proc_bind", "OMP_PROC_BIND"},
};

// Thread-count variables the caller may set; OpenBLAS also honours OMP_NUM_THREADS.
constexpr const char* thread_variables[] = {"OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "TUNE_KNOB_FFTW_THREADS"};

std::optional<int> parse_count(const std::string& text) {
  // OMP_NUM_THREADS may be a list for nested levels; the outer level is the first entry.
  const std::string first = text.substr(0, text.find(','));
  if (first.empty() || first.find_first_not_of("0123456789") != std::string::npos || first.size() > 6) {
    return std::nullopt;
  }
  return std::stoi(first);
}

std::string lower(std::string text) {
  for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool is_identifier(const std::string& text) {
  if (text.empty() || std::isdigit(static_cast<unsigned char>(text[0]))) return false;
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// A thread knob: the baseline's resolved count first (explicit), then `counts`, each once.
knob_axis thread_axis(const std::string& knob, const std::string& variable, int current,
                      const std::vector<int>& counts) {
  knob_axis axis{knob, {{std::to_string(current), {{variable, std::to_string(current)}}}}, true};
  for (int n : counts) {
    const std::string label = std::to_string(n);
    const bool seen =
        std::any_of(axis.values.begin(), axis.values.end(), [&](const knob_value& v) { return v.label == label; });
    if (!seen) axis.values.push_back({label, {{variable, label}}});
  }
  return axis;
}

// A choice knob whose baseline value is whatever the caller's environment says (or unset).
knob_axis choice_axis(const std::string& knob, const std::string& variable, const std::optional<std::string>& current,
                      const std::vector<std::string>& choices) {
  knob_axis axis{knob, {{current.value_or("unset"), {{variable, current}}}}, false};
  for (const auto& choice : choices) {
    if (current && lower(*current) == lower(choice)) continue;
    axis.values.push_back({choice, {{variable, choice}}});
  }
  return axis;
}

}  // namespace

std::optional<std::string> lookup(const std::map<std::string, std::string>& map, const std::string& key) {
  const auto it = map.find(key);
  if (it == map.end()) return std::nullopt;
  return it->second;
}

const std::vector<std::string>& builtin_variables() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const auto& b : builtins) n.emplace_back(b.variable);
    n.emplace_back("OMP_PLACES");  // omp_proc_bind sets or removes it with OMP_PROC_BIND (build_knob_space)
    return n;
  }();
  return names;
}

std::optional<std::string> unsafe_variable(const std::string& variable) {
  if (!is_identifier(variable)) return "it is not an identifier";
  enum class unsafe_kind { loader, reserved, own };
  struct unsafe_entry {
    unsafe_kind kind;
    const char* name;
    const char* except;
  };
  static constexpr unsafe_entry entries[] = {
#include "plan/unsafe_variables.inc"
  };
  const auto starts = [&](const char* prefix) { return variable.rfind(prefix, 0) == 0; };
  for (const auto& e : entries) {
    switch (e.kind) {
      case unsafe_kind::loader:
        if (starts(e.name)) return std::string("it changes what the program loads (") + e.name + "*)";
        break;
      case unsafe_kind::reserved:
        if (variable == e.name) return "it changes what the program runs or finds, not how it tunes itself";
        break;
      case unsafe_kind::own:
        if (starts(e.name) && !(*e.except && starts(e.except)))
          return *e.except ? std::string("it is cmake-tune's own (only ") + e.except + "* variables are knobs)"
                           : std::string("it is cmake-tune's own");
        break;
    }
  }
  return std::nullopt;
}

const std::vector<std::string>& builtin_knobs() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const auto& b : builtins) n.emplace_back(b.name);
    return n;
  }();
  return names;
}

knob_request parse_knob_request(const std::vector<std::string>& entries, std::vector<user_knob> user) {
  knob_request request;
  request.user = std::move(user);
  for (const auto& entry : entries) {
    if (entry == "fftw_planner:patient") {
      request.fftw_patient = true;
      request.named.push_back("fftw_planner");
      continue;
    }
    const auto& known = builtin_knobs();
    const bool is_user =
        std::any_of(request.user.begin(), request.user.end(), [&](const user_knob& k) { return k.name == entry; });
    if (std::find(known.begin(), known.end(), entry) == known.end() && !is_user) {
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      throw std::runtime_error("unknown knob '" + entry + "' in KNOBS: known knobs are " + list +
                               ", fftw_planner:patient, and those declared with tune_knob");
    }
    request.named.push_back(entry);
  }
  return request;
}

user_knob parse_user_knob(const std::string& spec) {
  const auto colon = spec.find(':');
  const auto eq = spec.find('=', colon == std::string::npos ? 0 : colon);
  if (colon == std::string::npos || eq == std::string::npos) {
    throw std::runtime_error("user knob '" + spec + "' is not NAME:VARIABLE=v1,v2,...");
  }
  user_knob knob{spec.substr(0, colon), spec.substr(colon + 1, eq - colon - 1), {}};
  std::string values = spec.substr(eq + 1);
  for (std::size_t start = 0; start <= values.size();) {
    const auto comma = std::min(values.find(',', start), values.size());
    knob.values.push_back(values.substr(start, comma - start));
    start = comma + 1;
  }
  if (!is_identifier(knob.name) || !is_identifier(knob.variable)) {
    throw std::runtime_error("user knob '" + spec + "': NAME and VARIABLE must be identifiers");
  }
  if (const auto why = unsafe_variable(knob.variable))
    throw std::runtime_error("user knob '" + spec + "': " + knob.variable + " cannot be a knob's variable: " + *why);
  if (std::any_of(knob.values.begin(), knob.values.end(), [](const auto& v) { return v.empty(); })) {
    throw std::runtime_error("user knob '" + spec + "' has an empty value; list non-empty values");
  }
  const auto& known = builtin_knobs();
  if (std::find(known.begin(), known.end(), knob.name) != known.end()) {
    throw std::runtime_error("user knob '" + knob.name + "' has the name of a built-in knob; rename it");
  }
  return knob;
}

environment with_settings(environment env, const assignment& settings) {
  for (const auto& [variable, value] : settings) {
    if (value) {
      env[variable] = *value;
    } else {
      env.erase(variable);
    }
  }
  return env;
}

void check_environment(const environment& caller, int allocation_threads) {
  for (const char* variable : thread_variables) {
    const auto value = lookup(caller, variable);
    if (!value) continue;
    const auto count = parse_count(*value);
    if (!count || *count < 1) {
      throw std::runtime_error(std::string(variable) + "='" + *value +
                               "' in the environment is not a thread count; set a positive integer or unset it");
    }
    if (*count > allocation_threads) {
      throw std::runtime_error(std::string(variable) + "=" + *value +
                               " in the environment asks for more threads than the allocation's " +
                               std::to_string(allocation_threads) + "; lower it to at most " +
                               std::to_string(allocation_threads) + " or unset it");
    }
  }
}

std::vector<normalization> normalizations_needed(const run_outcome& baseline, int allocation_threads) {
  std::vector<normalization> needed;
  const std::string cap = std::to_string(allocation_threads);
  auto check = [&](const std::optional<std::string>& resolved, const char* variable, const char* what) {
    if (!resolved) return;
    const auto count = parse_count(*resolved);
    if (count && *count > allocation_threads) {
      needed.push_back(
          {variable, cap, std::string(what) + " resolved " + *resolved + " threads, above the allocation's " + cap});
    }
  };
  check(lookup(baseline.facts, "openblas_threads"), "OPENBLAS_NUM_THREADS", "OpenBLAS");
  check(lookup(baseline.facts, "omp_max_threads"), "OMP_NUM_THREADS", "OpenMP");
  check(lookup(baseline.knobs_read, "fftw_threads"), "TUNE_KNOB_FFTW_THREADS", "the fftw_threads knob");
  return needed;
}

knob_space build_knob_space(const knob_request& request, const environment& caller, const run_outcome& baseline,
                            int allocation_threads) {
  knob_space space;
  // Thread axes: every power of two below the allocation and the allocation itself. A pool's best
  // size on a many-core machine is often a small power of two beside another pool (8 OpenMP and 4
  // FFTW threads on 16 CPUs, bench/plan/landscapes/device-16.json), which {1, n/2, n} never offered.
  std::vector<int> counts;
  for (int c = 1; c < allocation_threads; c *= 2) counts.push_back(c);
  counts.push_back(allocation_threads);
  const bool has_openblas = !lookup(baseline.facts, "openblas_threads").value_or("").empty();
  const bool has_openmp = !lookup(baseline.facts, "omp_max_threads").value_or("").empty();

  for (const auto& b : builtins) {
    const std::string name = b.name;
    const bool named = std::find(request.named.begin(), request.named.end(), name) != request.named.end();
    if (!request.named.empty() && !named) {
      space.notes.push_back(name + ": not searched: not named in KNOBS");
      continue;
    }
    const auto fixed = lookup(caller, b.variable);
    if (fixed && !named) {
      space.notes.push_back(name + ": not searched: fixed by the environment (" + b.variable + "=" + *fixed +
                            "); name it in KNOBS to search it");
      continue;
    }
    std::optional<knob_axis> axis;
    std::string missing;
    if (name == "openblas_threads" || name == "omp_threads") {
      const bool present = name == "openblas_threads" ? has_openblas : has_openmp;
      const auto resolved = parse_count(
          lookup(baseline.facts, name == "openblas_threads" ? "openblas_threads" : "omp_max_threads").value_or(""));
      if (!present || !resolved) {
        missing =
            name == "openblas_threads" ? "the pilot did not load OpenBLAS" : "the pilot did not load an OpenMP runtime";
      } else {
        axis = thread_axis(name, b.variable, *resolved, counts);
      }
    } else if (name == "fftw_threads") {
      const auto read = lookup(baseline.knobs_read, name);
      const auto resolved = parse_count(read.value_or(""));
      if (!read) {
        missing = "the program did not read it (tune::knob(\"fftw_threads\", ...))";
      } else if (!resolved) {
        missing = "the program read it as '" + *read + "', not a thread count";
      } else {
        axis = thread_axis(name, b.variable, *resolved, counts);
      }
    } else if (name == "fftw_planner") {
      const auto read = lookup(baseline.knobs_read, name);
      if (!read) {
        missing = "the program did not plan FFTs through tune::fftw::planner_flags";
      } else {
        std::vector<std::string> efforts{"estimate", "measure"};
        if (request.fftw_patient) efforts.push_back("patient");
        axis = choice_axis(name, b.variable, *read, efforts);
      }
    } else if (!has_openmp) {
      missing = "the pilot did not load an OpenMP runtime";
    } else if (name == "omp_wait_policy") {
      axis = choice_axis(name, b.variable, fixed, {"active", "passive"});
    } else {
      const auto places = lookup(caller, "OMP_PLACES");
      axis = choice_axis(name, b.variable, fixed, {"close", "spread", "false"});
      for (auto& v : axis->values) {
        v.env["OMP_PLACES"] = v.label == "close" || v.label == "spread" ? std::optional<std::string>("cores")
                              : v.label == "false"                      ? std::nullopt
                                                                        : places;
      }
    }
    if (!axis) {
      space.notes.push_back(name + ": not a candidate: " + missing);
    } else if (axis->values.size() < 2) {
      space.notes.push_back(name + ": not searched: the allocation leaves only the baseline's value " +
                            axis->values.front().label);
    } else {
      space.axes.push_back(std::move(*axis));
    }
  }
  for (const auto& user : request.user) {
    const bool named = std::find(request.named.begin(), request.named.end(), user.name) != request.named.end();
    const auto fixed = lookup(caller, user.variable);
    if (!request.named.empty() && !named) {
      space.notes.push_back(user.name + ": not searched: not named in KNOBS");
      continue;
    }
    if (fixed && !named) {
      space.notes.push_back(user.name + ": not searched: fixed by the environment (" + user.variable + "=" + *fixed +
                            "); name it in KNOBS to search it");
      continue;
    }
    auto axis = choice_axis(user.name, user.variable, fixed, user.values);
    if (axis.values.size() < 2) {
      space.notes.push_back(user.name + ": not searched: its only value is the environment's");
    } else {
      space.axes.push_back(std::move(axis));
    }
  }
  return space;
}

}  // namespace tune::plan
