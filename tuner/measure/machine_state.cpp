#include "measure/machine_state.h"

#include <sched.h>

#include <fstream>
#include <sstream>
#include <string>

namespace tune::measure {

namespace {

const char* const unavailable = "unavailable";

// Telemetry files are optional by nature (containers, VMs, other kernels): an absent or
// unreadable file is a fact to record, not an error.
std::optional<std::string> read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return text.str();
}

std::optional<std::string> first_word(const std::filesystem::path& path) {
  const auto text = read_text(path);
  if (!text) return std::nullopt;
  std::istringstream in(*text);
  std::string word;
  if (!(in >> word)) return std::nullopt;
  return word;
}

nlohmann::json load_average(const machine_sources& from) {
  const auto text = read_text(from.proc / "loadavg");
  if (!text) return unavailable;
  std::istringstream in(*text);
  double one = 0, five = 0, fifteen = 0;
  if (!(in >> one >> five >> fifteen)) return unavailable;
  return {{"1m", one}, {"5m", five}, {"15m", fifteen}};
}

nlohmann::json governor(const machine_sources& from, std::optional<int> cpu) {
  const auto cpufreq = [&](int n) {
    return from.sys / "devices/system/cpu" / ("cpu" + std::to_string(n)) / "cpufreq/scaling_governor";
  };
  if (cpu) {
    if (auto g = first_word(cpufreq(*cpu))) return *g;
  }
  if (auto g = first_word(cpufreq(0))) return *g;
  return unavailable;
}

nlohmann::json turbo(const machine_sources& from) {
  // intel_pstate says whether turbo is *disabled*; the generic cpufreq knob says whether boost is on.
  if (auto no_turbo = first_word(from.sys / "devices/system/cpu/intel_pstate/no_turbo")) {
    if (*no_turbo == "0") return "on";
    if (*no_turbo == "1") return "off";
  }
  if (auto boost = first_word(from.sys / "devices/system/cpu/cpufreq/boost")) {
    if (*boost == "1") return "on";
    if (*boost == "0") return "off";
  }
  return unavailable;
}

std::optional<long long> stat_value(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  std::string name;
  long long value = 0;
  while (in >> name >> value) {
    if (name == key) return value;
  }
  return std::nullopt;
}

nlohmann::json throttling(const std::optional<std::string>& cpu_stat, bool v1) {
  if (!cpu_stat) return unavailable;
  nlohmann::json out;
  const auto throttled = stat_value(*cpu_stat, "nr_throttled");
  out["nr_throttled"] = throttled ? nlohmann::json(*throttled) : nlohmann::json(unavailable);
  // cgroup v1 reports throttled_time in ns; v2 reports throttled_usec.
  std::optional<long long> usec = stat_value(*cpu_stat, v1 ? "throttled_time" : "throttled_usec");
  if (usec && v1) *usec /= 1000;
  out["throttled_usec"] = usec ? nlohmann::json(*usec) : nlohmann::json(unavailable);
  return out;
}

nlohmann::json cgroup_v1(const machine_sources& from) {
  auto stat = read_text(from.sys / "fs/cgroup/cpu,cpuacct/cpu.stat");
  if (!stat) stat = read_text(from.sys / "fs/cgroup/cpu/cpu.stat");
  return throttling(stat, true);
}

nlohmann::json cgroup_v2(const machine_sources& from) {
  // The unified hierarchy's line in /proc/self/cgroup is "0::<path>".
  const auto membership = read_text(from.proc / "self/cgroup");
  if (!membership) return unavailable;
  std::istringstream lines(*membership);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("0::", 0) != 0) continue;
    // Relative, so that joining it below the root does not replace the root.
    const auto start = line.find_first_not_of('/', 3);
    const std::string relative = start == std::string::npos ? "" : line.substr(start);
    return throttling(read_text(from.sys / "fs/cgroup" / relative / "cpu.stat"), false);
  }
  return unavailable;
}

}  // namespace

std::optional<int> current_cpu() {
  const int cpu = sched_getcpu();
  if (cpu < 0) return std::nullopt;
  return cpu;
}

nlohmann::json machine_state(const machine_sources& from) {
  const std::optional<int> cpu = from.cpu ? from.cpu() : std::nullopt;
  nlohmann::json out;
  out["load_avg"] = load_average(from);
  out["cpu"] = cpu ? nlohmann::json(*cpu) : nlohmann::json(unavailable);
  out["governor"] = governor(from, cpu);
  out["turbo"] = turbo(from);
  out["cgroup_v1"] = cgroup_v1(from);
  out["cgroup_v2"] = cgroup_v2(from);
  return out;
}

}  // namespace tune::measure
