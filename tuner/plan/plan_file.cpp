#include "plan/plan_file.h"

#include "util/atomic_file.h"

namespace tune::plan {
namespace {

using nlohmann::json;

json optional_number(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

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

template <typename T>
std::optional<T> optional_field(const json& j, const char* key) {
  const auto& v = j.at(key);
  if (v.is_null()) return std::nullopt;
  return v.get<T>();
}

plan_identity identity_from_json(const json& j) {
  plan_identity id;
  id.program = {j.at("program").at("path").get<std::string>(), j.at("program").at("sha256").get<std::string>()};
  id.compiler = j.at("compiler").get<std::string>();
  for (const auto& l : j.at("libraries")) {
    id.libraries.push_back({l.at("name").get<std::string>(), l.at("path").get<std::string>(),
                            l.at("sha256").get<std::string>(), l.at("version").get<std::string>()});
  }
  id.box = j.at("box").get<std::string>();
  id.topology = j.at("topology").get<std::string>();
  const auto& a = j.at("allocation");
  id.alloc.cpus = a.at("cpus").get<std::vector<int>>();
  id.alloc.threads = a.at("threads").get<int>();
  id.alloc.cpu_quota = optional_field<double>(a, "cpu_quota");
  id.alloc.memory_bytes = optional_field<long long>(a, "memory_bytes");
  id.alloc.limits = a.at("limits").get<std::vector<std::string>>();
  id.request.cpus = optional_field<int>(a.at("request"), "cpus");
  id.request.memory_bytes = optional_field<long long>(a.at("request"), "memory_bytes");
  id.args = j.at("args").get<std::vector<std::string>>();
  for (const auto& i : j.at("inputs")) {
    id.inputs.push_back({i.at("path").get<std::string>(), i.at("sha256").get<std::string>()});
  }
  for (const auto& [name, value] : j.at("environment").items()) {
    id.environment[name] = value.is_null() ? std::nullopt : std::optional<std::string>(value.get<std::string>());
  }
  id.pilot_windows = j.at("pilot_windows").get<int>();
  return id;
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
    throw plan_format_error("the plan " + origin + " has format " + doc.at("format").dump() + "; this tune reads " +
                            plan_format + ": run `tune plan search` again with this version");
  }
  try {
    execution_plan plan;
    plan.tool = doc.at("tool").get<std::string>();
    plan.written = doc.at("written").get<std::string>();
    for (const auto& [name, value] : doc.at("settings").at("set").items()) plan.settings[name] = value.get<std::string>();
    for (const auto& name : doc.at("settings").at("unset")) plan.settings[name.get<std::string>()] = std::nullopt;
    plan.resolved = doc.at("resolved").get<std::map<std::string, std::string>>();
    if (!doc.at("fftw_wisdom").is_null()) {
      const auto& w = doc.at("fftw_wisdom");
      plan.wisdom = wisdom_reference{w.at("sha256").get<std::string>(), w.at("file").get<std::string>(),
                                     w.at("plans").get<std::vector<std::string>>()};
    }
    plan.identity = identity_from_json(doc.at("identity"));
    const auto& e = doc.at("evidence");
    plan.evidence.status = e.at("status").get<std::string>();
    plan.evidence.stop_reason = e.at("stop_reason").get<std::string>();
    plan.evidence.baseline_window_s = e.at("baseline_window_s").get<std::vector<double>>();
    plan.evidence.winner_window_s = e.at("winner_window_s").get<std::vector<double>>();
    plan.evidence.gain = optional_field<double>(e, "gain");
    plan.evidence.aa_gain = optional_field<double>(e, "aa_gain");
    plan.evidence.budget_s = e.at("budget_s").get<double>();
    plan.evidence.elapsed_s = e.at("elapsed_s").get<double>();
    plan.evidence.enumeration = e.at("enumeration").get<std::string>();
    plan.evidence.report_sha256 = e.at("report_sha256").get<std::string>();
    plan.evidence.wisdom_sha256 = optional_field<std::string>(e, "fftw_wisdom_sha256");
    return plan;
  } catch (const json::exception& ex) {
    throw plan_format_error("the plan " + origin + " is malformed: " + ex.what());
  }
}

void write_plan(const std::filesystem::path& path, const execution_plan& plan) {
  util::write_file_atomic(path, to_json(plan).dump(2) + "\n");
}

execution_plan read_plan(const std::filesystem::path& path) {
  const auto text = util::read_file(path);
  if (!text) throw plan_format_error("the plan " + path.string() + " does not exist");
  json doc;
  try {
    doc = json::parse(*text);
  } catch (const json::exception& ex) {
    throw plan_format_error("the plan " + path.string() + " is not JSON: " + ex.what());
  }
  return plan_from_json(doc, path.string());
}

}  // namespace tune::plan
