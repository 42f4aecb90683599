#include "plan/landscape.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <iterator>
#include <numeric>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "plan/decision.h"
#include "util/atomic_file.h"

namespace tune::plan {
namespace {

using json = nlohmann::json;

bool is_thread_knob(const std::string& knob) {
  return knob == "openblas_threads" || knob == "omp_threads" || knob == "fftw_threads";
}

bool uses_fftw(const landscape& l) { return l.knobs.count("fftw_threads") || l.knobs.count("fftw_planner"); }

// The variable a built-in knob sets (builtin_variables() lists them in builtin_knobs() order).
std::string variable_of(const std::string& knob) {
  const auto& names = builtin_knobs();
  return builtin_variables()[static_cast<std::size_t>(std::find(names.begin(), names.end(), knob) - names.begin())];
}

class checker {
 public:
  explicit checker(std::string source) : source_(std::move(source)) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("landscape " + source_ + ": " + what);
  }

  const json& field(const json& object, const char* key, const std::string& where) const {
    if (!object.is_object() || !object.contains(key)) fail(where + " has no \"" + key + "\"; add it");
    return object.at(key);
  }

  double number(const json& object, const char* key, const std::string& where, double low) const {
    const json& v = field(object, key, where);
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < low) {
      fail(where + "'s \"" + key + "\" is " + v.dump() + "; it must be a number of at least " + json(low).dump());
    }
    return v.get<double>();
  }

  int integer(const json& object, const char* key, const std::string& where, int low) const {
    const json& v = field(object, key, where);
    if (!v.is_number_integer() || v.get<long long>() < low || v.get<long long>() > 1'000'000) {
      fail(where + "'s \"" + key + "\" is " + v.dump() + "; it must be an integer of at least " + std::to_string(low));
    }
    return v.get<int>();
  }

  // An object takes only these keys: a misspelt optional field must not be read as absent.
  void only_keys(const json& object, std::initializer_list<const char*> keys, const std::string& where) const {
    for (const auto& item : object.items()) {
      const std::string& key = item.key();
      if (std::find_if(keys.begin(), keys.end(), [&](const char* k) { return key == k; }) != keys.end()) continue;
      std::string list;
      for (auto k = keys.begin(); k != keys.end(); ++k)
        list += std::string(k == keys.begin() ? "" : std::next(k) == keys.end() ? " and " : ", ") + *k;
      fail(where + " has \"" + key + "\", which the format does not have; remove it or use one of " + list);
    }
  }

  // A point's knobs: every knob of the file, each with one of its values.
  std::map<std::string, std::string> knob_values(const json& object, const landscape& l,
                                                 const std::string& where) const {
    if (!object.is_object()) fail(where + " is " + object.dump() + "; it must be an object of knob values");
    std::map<std::string, std::string> out;
    for (const auto& [knob, value] : object.items()) {
      const auto axis = l.knobs.find(knob);
      if (axis == l.knobs.end()) fail(where + " names the knob \"" + knob + "\", which \"knobs\" does not list");
      if (!value.is_string() ||
          std::find(axis->second.begin(), axis->second.end(), value.get<std::string>()) == axis->second.end()) {
        fail(where + " sets " + knob + " to " + value.dump() + ", not one of the values \"knobs\" lists for it");
      }
      out[knob] = value.get<std::string>();
    }
    for (const auto& [knob, values] : l.knobs) {
      if (!out.count(knob)) fail(where + " does not set the knob " + knob + "; give every knob a value");
    }
    return out;
  }

 private:
  std::string source_;
};

// splitmix64: a fixed generator, so a seed gives the same searches with every standard library.
std::uint64_t next(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::string wisdom_of(const landscape_point& p) {
  std::string text = "(tune-plan-landscape wisdom";
  for (const char* knob : {"fftw_planner", "fftw_threads"}) {
    if (const auto it = p.knobs.find(knob); it != p.knobs.end()) text += " " + it->first + "=" + it->second;
  }
  return text + ")";
}

}  // namespace

std::string point_key(const std::map<std::string, std::string>& knobs) {
  std::string key;
  for (const auto& [knob, value] : knobs) key += knob + "=" + value + ";";
  return key;
}

landscape parse_landscape(const std::string& text, const std::string& source) {
  const checker check(source);
  const json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object())
    check.fail("is not a JSON object; write it as " + std::string(landscape_format));
  const json& format = check.field(doc, "format", "the file");
  if (format != landscape_format) {
    check.fail("\"format\" is " + format.dump() + "; this simulator reads \"" + landscape_format + "\"");
  }
  check.only_keys(doc,
                  {"format", "cpus", "noise_cv_pct", "windows_per_run", "process_start_s", "level_shifts", "knobs",
                   "baseline", "points"},
                  "the file");
  landscape l;
  l.cpus = check.integer(doc, "cpus", "the file", 1);
  l.noise_cv_pct = check.number(doc, "noise_cv_pct", "the file", 0);
  l.windows_per_run = check.integer(doc, "windows_per_run", "the file", 1);
  l.process_start_s = check.number(doc, "process_start_s", "the file", 0);
  if (doc.contains("level_shifts")) {
    const json& shifts = doc.at("level_shifts");
    if (!shifts.is_object()) {
      check.fail("\"level_shifts\" is " + shifts.dump() +
                 "; write it as {\"share_pct\": <percent>, \"factor\": <at least 1>, \"mean_s\": <seconds>}");
    }
    check.only_keys(shifts, {"share_pct", "factor", "mean_s"}, "\"level_shifts\"");
    l.shifts.share_pct = check.number(shifts, "share_pct", "\"level_shifts\"", 0);
    if (l.shifts.share_pct >= 100) {
      check.fail("\"level_shifts\"'s \"share_pct\" is " + shifts.at("share_pct").dump() +
                 "; the machine must spend some time outside slow phases: give less than 100");
    }
    l.shifts.factor = check.number(shifts, "factor", "\"level_shifts\"", 1);
    l.shifts.mean_s = check.number(shifts, "mean_s", "\"level_shifts\"", 1e-3);
  }

  const json& knobs = check.field(doc, "knobs", "the file");
  if (!knobs.is_object() || knobs.empty()) check.fail("\"knobs\" must be a non-empty object of knob → values");
  const auto& known = builtin_knobs();
  for (const auto& [knob, values] : knobs.items()) {
    if (std::find(known.begin(), known.end(), knob) == known.end()) {
      check.fail("\"knobs\" names \"" + knob + "\"; use the built-in knob names (openblas_threads, omp_threads, " +
                 "fftw_threads, fftw_planner, omp_wait_policy, omp_proc_bind)");
    }
    if (!values.is_array() || values.size() < 2) {
      check.fail("knob " + knob + " has values " + values.dump() + "; list at least two distinct strings");
    }
    auto& list = l.knobs[knob];
    for (const auto& v : values) {
      if (!v.is_string() || std::find(list.begin(), list.end(), v.get<std::string>()) != list.end()) {
        check.fail("knob " + knob + " has the value " + v.dump() + " twice or not as a string; list distinct strings");
      }
      const std::string value = v.get<std::string>();
      if (is_thread_knob(knob)) {
        const bool count =
            !value.empty() && value.size() < 7 && value.find_first_not_of("0123456789") == std::string::npos;
        if (!count || std::stoi(value) < 1 || std::stoi(value) > l.cpus) {
          check.fail("thread knob " + knob + " has the value \"" + value + "\"; use thread counts from 1 to cpus (" +
                     std::to_string(l.cpus) + ")");
        }
      }
      list.push_back(value);
    }
  }
  l.baseline = check.knob_values(check.field(doc, "baseline", "the file"), l, "\"baseline\"");

  const json& points = check.field(doc, "points", "the file");
  if (!points.is_array()) check.fail("\"points\" must be an array");
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::string where = "points[" + std::to_string(i) + "]";
    landscape_point p;
    if (points[i].is_object()) check.only_keys(points[i], {"knobs", "window_s", "setup_s"}, where);
    p.knobs = check.knob_values(check.field(points[i], "knobs", where), l, where + ".knobs");
    p.window_s = check.number(points[i], "window_s", where, 1e-9);
    p.setup_s = check.number(points[i], "setup_s", where, 0);
    const std::string key = point_key(p.knobs);
    if (!l.points.emplace(key, std::move(p)).second) check.fail(where + " repeats the point " + key + "; keep one");
  }
  const std::size_t product = std::accumulate(l.knobs.begin(), l.knobs.end(), std::size_t{1},
                                              [](std::size_t n, const auto& k) { return n * k.second.size(); });
  if (l.points.size() != product) {
    check.fail("\"points\" has " + std::to_string(l.points.size()) + " points, the product of the knobs' values has " +
               std::to_string(product) + "; give every combination once");
  }
  return l;
}

landscape read_landscape(const std::filesystem::path& path) {
  const auto text = util::read_file(path);
  if (!text)
    throw std::runtime_error("landscape " + path.string() + " does not exist; pass a tune-plan-landscape/1 file");
  return parse_landscape(*text, path.string());
}

knob_space landscape_space(const landscape& l) {
  knob_space space;
  for (const auto& knob : builtin_knobs()) {
    const auto values = l.knobs.find(knob);
    if (values == l.knobs.end()) continue;
    const std::string variable = variable_of(knob);
    auto value_env = [&](const std::string& v) -> knob_value {
      return {v, {{variable, v == "unset" ? std::nullopt : std::optional<std::string>(v)}}};
    };
    knob_axis axis{knob, {value_env(l.baseline.at(knob))}, is_thread_knob(knob)};
    for (const auto& v : values->second) {
      if (v != l.baseline.at(knob)) axis.values.push_back(value_env(v));
    }
    space.axes.push_back(std::move(axis));
  }
  return space;
}

environment landscape_baseline_env(const landscape& l) {
  environment env;
  for (const auto& [knob, value] : l.baseline) {
    if (value != "unset") env[variable_of(knob)] = value;
  }
  return env;
}

const landscape_point& landscape_point_of(const landscape& l, const environment& env) {
  std::map<std::string, std::string> knobs;
  for (const auto& [knob, values] : l.knobs) knobs[knob] = lookup(env, variable_of(knob)).value_or("unset");
  const auto it = l.points.find(point_key(knobs));
  if (it == l.points.end()) {
    throw std::logic_error("the simulated program was run with " + point_key(knobs) + ", not a point of the landscape");
  }
  return it->second;
}

const landscape_point& best_point(const landscape& l) {
  return std::min_element(l.points.begin(), l.points.end(),
                          [](const auto& a, const auto& b) { return a.second.window_s < b.second.window_s; })
      ->second;
}

simulated_worker::simulated_worker(const landscape& l, simulated_clock& clock, std::uint64_t seed)
    : land_(l), clock_(clock), state_(seed) {}

// A uniform in (0, 1].
double simulated_worker::uniform() { return (static_cast<double>(next(state_) >> 11) + 1.0) / 9007199254740992.0; }

double simulated_worker::normal() {
  // Box-Muller on a uniform in (0, 1] and one in [0, 1).
  const double u1 = uniform();
  const double u2 = static_cast<double>(next(state_) >> 11) / 9007199254740992.0;
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

// Whether the machine is in a slow phase at time t: phases alternate, each of exponentially
// distributed length, slow ones of mean mean_s and the others of the mean that gives the share.
// Drawn only for landscapes with level shifts, so others keep their noise sequence.
bool simulated_worker::slow_at(double t) {
  const auto& shifts = land_.shifts;
  if (shifts.share_pct <= 0) return false;
  const double normal_mean_s = shifts.mean_s * (100 - shifts.share_pct) / shifts.share_pct;
  if (phase_end_s_ < 0) {
    slow_ = uniform() * 100 < shifts.share_pct;
    phase_end_s_ = -std::log(uniform()) * (slow_ ? shifts.mean_s : normal_mean_s);
  }
  while (t >= phase_end_s_) {
    slow_ = !slow_;
    phase_end_s_ += -std::log(uniform()) * (slow_ ? shifts.mean_s : normal_mean_s);
  }
  return slow_;
}

run_outcome simulated_worker::run(const run_request& request) {
  const landscape_point& p = landscape_point_of(land_, request.env);
  run_outcome out;
  // Wisdom from a process of the same FFTW settings replaces planning: the setup then costs what
  // the cheapest planner's does at this point (the point with only fftw_planner changed).
  const bool reuses_wisdom = uses_fftw(land_) && request.wisdom_in == wisdom_of(p);
  double setup = p.setup_s;
  if (reuses_wisdom && land_.knobs.count("fftw_planner")) {
    for (const auto& planner : land_.knobs.at("fftw_planner")) {
      auto knobs = p.knobs;
      knobs["fftw_planner"] = planner;
      setup = std::min(setup, land_.points.at(point_key(knobs)).setup_s);
    }
  }
  double wall = land_.process_start_s + setup;
  const double shift = slow_at(clock_.t) ? land_.shifts.factor : 1.0;
  for (int w = 0; w < land_.windows_per_run; ++w) {
    out.windows_s.push_back(shift * p.window_s * std::max(0.05, 1.0 + land_.noise_cv_pct / 100.0 * normal()));
    wall += out.windows_s.back();
  }
  if (wall > request.timeout_s) {
    clock_.t += request.timeout_s;
    run_outcome killed;
    killed.status = run_outcome::state::timed_out;
    killed.failure = "timed out after " + std::to_string(request.timeout_s) + " s";
    killed.wall_s = request.timeout_s;
    return killed;
  }
  clock_.t += wall;
  out.wall_s = wall;
  out.setup_s = land_.process_start_s + setup;
  out.pilot_reported = true;
  out.result = std::vector<double>{1.0, 2.0, 3.0};
  out.result_type = "f64";
  out.peak_rss_kb = 50'000;
  const std::string all = std::to_string(land_.cpus);
  auto knob = [&](const char* name) { return p.knobs.count(name) ? p.knobs.at(name) : std::string("unset"); };
  if (land_.knobs.count("openblas_threads")) {
    out.libraries["openblas"] = "simulated";
    out.facts["openblas_threads"] = knob("openblas_threads") == "unset" ? all : knob("openblas_threads");
  }
  if (land_.knobs.count("omp_threads") || land_.knobs.count("omp_wait_policy") || land_.knobs.count("omp_proc_bind")) {
    out.libraries["gomp"] = "simulated";
    out.facts["omp_max_threads"] = knob("omp_threads") == "unset" ? all : knob("omp_threads");
  }
  if (uses_fftw(land_)) {
    out.libraries["fftw3"] = "simulated";
    out.knobs_read["fftw_threads"] = knob("fftw_threads") == "unset" ? "1" : knob("fftw_threads");
    out.knobs_read["fftw_planner"] = knob("fftw_planner") == "unset" ? "estimate" : knob("fftw_planner");
    const bool made = !request.wisdom_only || reuses_wisdom;
    fftw_plan_report plan;
    plan.name = "simulated";
    plan.made = made;
    out.fftw_plans = {plan};
    if (request.export_wisdom) out.wisdom = wisdom_of(p);
  }
  return out;
}

simulation simulate_search(const landscape& l, double budget_s, std::uint64_t seed, double min_gain) {
  simulated_clock clock;
  simulated_load load;
  simulated_worker runner(l, clock, seed);
  search_options options;
  options.argv = {"simulated-program"};
  options.caller_env = landscape_baseline_env(l);
  options.alloc.cpus.resize(static_cast<std::size_t>(l.cpus));
  std::iota(options.alloc.cpus.begin(), options.alloc.cpus.end(), 0);
  options.alloc.threads = l.cpus;
  options.budget_s = budget_s;
  options.min_gain = min_gain;
  options.space = landscape_space(l);
  search_context context{runner, clock, load};
  simulation s;
  s.record = run_search(options, context);
  s.selected = &landscape_point_of(l, with_settings(options.caller_env, s.record.selected));
  s.q = best_point(l).window_s / s.selected->window_s;
  return s;
}

q_summary summarize_q(const std::vector<double>& qs) {
  if (qs.empty()) return {};
  return {median(qs), *std::min_element(qs.begin(), qs.end()),
          std::accumulate(qs.begin(), qs.end(), 0.0) / static_cast<double>(qs.size())};
}

}  // namespace tune::plan
