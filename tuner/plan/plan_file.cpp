#include "plan/plan_file.h"

#include <algorithm>
#include <cstdint>

#include "util/atomic_file.h"
#include "util/json_reader.h"
#include "util/json_file.h"

namespace tune::plan {

nlohmann::json optional_number(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

namespace {

using nlohmann::json;

json identity_json(const plan_identity& id) {
  json libraries = json::array();
  for (const auto& l : id.libraries) {
    libraries.push_back({{"name", l.name}, {"path", l.path}, {"sha256", l.sha256}, {"version", l.version}});
  }
  json inputs = json::array();
  for (const auto& i : id.inputs) inputs.push_back({{"path", i.path}, {"sha256", i.sha256}});
  json environment = json::object();
  for (const auto& [name, value] : id.environment) environment[name] = value ? json(*value) : json(nullptr);
  return {
      {"program", {{"path", id.program.path}, {"sha256", id.program.sha256}}},
      {"compiler", id.compiler},
      {"libraries", libraries},
      {"box", id.box},
      {"topology", id.topology},
      {"allocation",
       {{"cpus", id.alloc.cpus},
        {"threads", id.alloc.threads},
        {"cpu_quota", optional_number(id.alloc.cpu_quota)},
        {"memory_bytes", id.alloc.memory_bytes ? json(*id.alloc.memory_bytes) : json(nullptr)},
        {"limits", id.alloc.limits},
        {"request",
         {{"cpus", id.request.cpus ? json(*id.request.cpus) : json(nullptr)},
          {"memory_bytes", id.request.memory_bytes ? json(*id.request.memory_bytes) : json(nullptr)}}}}},
      {"args", id.args},
      {"inputs", inputs},
      {"environment", environment},
      {"pilot_windows", id.pilot_windows},
  };
}

using util::json_at;

// Counts and sizes a plan may hold: a thread or CPU count beyond these is no machine's.
constexpr std::int64_t max_count = 1 << 20;
constexpr std::int64_t max_bytes = std::int64_t{1} << 60;

std::optional<std::int64_t> optional_integer(const json_at& j, const char* key, std::int64_t min, std::int64_t max) {
  const auto v = j[key];
  if (v.value().is_null()) return std::nullopt;
  return v.integer(min, max);
}

plan_identity identity_from_json(const json_at& j) {
  plan_identity id;
  id.program = {j["program"]["path"].string(), j["program"]["sha256"].string()};
  id.compiler = j["compiler"].string();
  const auto libraries = j["libraries"].array();
  for (std::size_t i = 0; i < libraries.size(); ++i) {
    const auto l = libraries.at(i);
    id.libraries.push_back({l["name"].string(), l["path"].string(), l["sha256"].string(), l["version"].string()});
  }
  id.box = j["box"].string();
  id.topology = j["topology"].string();
  const auto a = j["allocation"];
  const auto cpus = a["cpus"].array();
  for (std::size_t i = 0; i < cpus.size(); ++i)
    id.alloc.cpus.push_back(static_cast<int>(cpus.at(i).integer(0, max_count)));
  id.alloc.threads = static_cast<int>(a["threads"].integer(1, max_count));
  if (const auto quota = a["cpu_quota"].number_or_null()) {
    if (!(*quota > 0) || *quota > static_cast<double>(max_count)) a["cpu_quota"].fail("a number of CPUs above 0");
    id.alloc.cpu_quota = quota;
  }
  id.alloc.memory_bytes = optional_integer(a, "memory_bytes", 1, max_bytes);
  id.alloc.limits = a["limits"].strings();
  const auto request = a["request"];
  if (const auto c = optional_integer(request, "cpus", 1, max_count)) id.request.cpus = static_cast<int>(*c);
  id.request.memory_bytes = optional_integer(request, "memory_bytes", 1, max_bytes);
  id.args = j["args"].strings();
  const auto inputs = j["inputs"].array();
  for (std::size_t i = 0; i < inputs.size(); ++i)
    id.inputs.push_back({inputs.at(i)["path"].string(), inputs.at(i)["sha256"].string()});
  const auto environment = j["environment"].object();
  for (const auto& [name, value] : environment.value().items()) {
    const auto v = environment[name];
    id.environment[name] = value.is_null() ? std::nullopt : std::optional<std::string>(v.string());
  }
  id.pilot_windows = static_cast<int>(j["pilot_windows"].integer(0, max_count));
  return id;
}

// A setting may name only a variable a knob sets: a built-in knob's, or one the plan records as
// the project's own knob, itself never one that changes what the program loads or runs.
void check_setting(const json_at& where, const std::string& variable, const std::vector<std::string>& knob_variables) {
  if (const auto why = unsafe_variable(variable))
    throw util::json_error(where.file(), where.path(), "a knob's variable",
                           "\"" + variable + "\", which cannot be one: " + *why);
  const auto& builtin = builtin_variables();
  if (std::find(builtin.begin(), builtin.end(), variable) == builtin.end() &&
      std::find(knob_variables.begin(), knob_variables.end(), variable) == knob_variables.end())
    throw util::json_error(where.file(), where.path(), "a variable a knob sets",
                           "\"" + variable + "\", which no built-in knob sets and knob_variables does not list");
}

}  // namespace

json settings_json(const assignment& settings) {
  json set = json::object();
  json unset = json::array();
  for (const auto& [name, value] : settings) {
    if (value) {
      set[name] = *value;
    } else {
      unset.push_back(name);
    }
  }
  return {{"set", set}, {"unset", unset}};
}

json to_json(const execution_plan& plan) {
  const auto& e = plan.evidence;
  json wisdom = nullptr;
  if (plan.wisdom) {
    wisdom = {{"sha256", plan.wisdom->sha256}, {"file", plan.wisdom->file}, {"plans", plan.wisdom->plans}};
  }
  return {
      {"format", plan_format},
      {"tool", plan.tool},
      {"written", plan.written},
      {"settings", settings_json(plan.settings)},
      {"knob_variables", plan.knob_variables},
      {"resolved", plan.resolved},
      {"fftw_wisdom", wisdom},
      {"identity", identity_json(plan.identity)},
      {"evidence",
       {{"status", e.status},
        {"stop_reason", e.stop_reason},
        {"baseline_window_s", e.baseline_window_s},
        {"winner_window_s", e.winner_window_s},
        {"gain", optional_number(e.gain)},
        {"aa_gain", optional_number(e.aa_gain)},
        {"budget_s", e.budget_s},
        {"elapsed_s", e.elapsed_s},
        {"enumeration", e.enumeration},
        {"report_sha256", e.report_sha256},
        {"fftw_wisdom_sha256", e.wisdom_sha256 ? json(*e.wisdom_sha256) : json(nullptr)}}},
  };
}

execution_plan plan_from_json(const json& doc, const std::string& origin) {
  if (!doc.is_object() || !doc.contains("format")) {
    throw plan_format_error("the plan " + origin + " is not a tune plan: it has no \"format\" field");
  }
  if (doc.at("format") != plan_format) {
    throw plan_format_error("the plan " + origin + " has format " +
                            doc.at("format").dump(-1, ' ', false, json::error_handler_t::replace) +
                            "; this tune reads " + plan_format + ": run `tune plan search` again with this version");
  }
  try {
    const json_at j(doc, origin);
    execution_plan plan;
    plan.tool = j["tool"].string();
    plan.written = j["written"].string();
    if (const auto knobs = j.find("knob_variables")) {
      plan.knob_variables = knobs->strings();
      for (std::size_t i = 0; i < plan.knob_variables.size(); ++i)
        if (const auto why = unsafe_variable(plan.knob_variables[i]))
          throw util::json_error(origin, knobs->path() + "[" + std::to_string(i) + "]", "a knob's variable",
                                 "\"" + plan.knob_variables[i] + "\", which cannot be one: " + *why);
    }
    const auto settings = j["settings"];
    const auto set = settings["set"].object();
    for (const auto& [name, value] : set.value().items()) {
      check_setting(set[name], name, plan.knob_variables);
      plan.settings[name] = set[name].string();
    }
    const auto unset = settings["unset"].array();
    for (std::size_t i = 0; i < unset.size(); ++i) {
      const std::string name = unset.at(i).string();
      check_setting(unset.at(i), name, plan.knob_variables);
      plan.settings[name] = std::nullopt;
    }
    const auto resolved = j["resolved"].object();
    for (const auto& [key, value] : resolved.value().items()) plan.resolved[key] = resolved[key].string();
    if (!j["fftw_wisdom"].value().is_null()) {
      const auto w = j["fftw_wisdom"];
      plan.wisdom = wisdom_reference{w["sha256"].string(), w["file"].string(), w["plans"].strings()};
      // The wisdom lives beside the plan under its own hash (store_wisdom): any other name could
      // point the launcher anywhere.
      if (plan.wisdom->sha256.size() != 64 ||
          plan.wisdom->sha256.find_first_not_of("0123456789abcdef") != std::string::npos)
        w["sha256"].fail("a sha256 (64 lowercase hex digits)");
      if (plan.wisdom->file != "fftw-wisdom/" + plan.wisdom->sha256 + ".wisdom")
        w["file"].fail("\"fftw-wisdom/" + plan.wisdom->sha256 +
                       ".wisdom\" (the wisdom beside the plan, named by its sha256)");
    }
    plan.identity = identity_from_json(j["identity"]);
    const auto e = j["evidence"];
    plan.evidence.status = e["status"].string();
    plan.evidence.stop_reason = e["stop_reason"].string();
    const auto numbers = [](const json_at& list) {
      std::vector<double> out;
      list.array();
      for (std::size_t i = 0; i < list.size(); ++i) out.push_back(list.at(i).number());
      return out;
    };
    plan.evidence.baseline_window_s = numbers(e["baseline_window_s"]);
    plan.evidence.winner_window_s = numbers(e["winner_window_s"]);
    plan.evidence.gain = e["gain"].number_or_null();
    plan.evidence.aa_gain = e["aa_gain"].number_or_null();
    plan.evidence.budget_s = e["budget_s"].number();
    plan.evidence.elapsed_s = e["elapsed_s"].number();
    plan.evidence.enumeration = e["enumeration"].string();
    plan.evidence.report_sha256 = e["report_sha256"].string();
    if (!e["fftw_wisdom_sha256"].value().is_null()) plan.evidence.wisdom_sha256 = e["fftw_wisdom_sha256"].string();
    return plan;
  } catch (const util::json_error& ex) {
    throw plan_format_error("the plan " + origin + " is malformed: " + ex.where_and_what());
  }
}

void write_plan(const std::filesystem::path& path, const execution_plan& plan) {
  util::write_file_atomic(path, util::json_text(to_json(plan)) + "\n");
}

execution_plan read_plan(const std::filesystem::path& path) {
  std::optional<json> doc;
  try {
    doc = util::read_json(path);
  } catch (const util::json_error& ex) {
    throw plan_format_error("the plan " + path.string() + " is unreadable: " + ex.where_and_what());
  }
  if (!doc) throw plan_format_error("the plan " + path.string() + " does not exist");
  return plan_from_json(*doc, path.string());
}

}  // namespace tune::plan
