#include "measure/machine_state.h"

#include <sched.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "util/atomic_file.h"

namespace tune::measure {

namespace {

const char* const unavailable = "unavailable";

// Telemetry files are optional by nature (containers, VMs, other kernels): an absent or
// unreadable file is a fact to record, not an error.
std::optional<std::string> read_text(const std::filesystem::path& path) { return util::read_file_if_readable(path); }

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

nlohmann::json throttling(const std::string& cpu_stat, const std::filesystem::path& file, bool v1) {
  nlohmann::json out;
  const auto throttled = stat_value(cpu_stat, "nr_throttled");
  out["nr_throttled"] = throttled ? nlohmann::json(*throttled) : nlohmann::json(unavailable);
  // cgroup v1 reports throttled_time in ns; v2 reports throttled_usec.
  std::optional<long long> usec = stat_value(cpu_stat, v1 ? "throttled_time" : "throttled_usec");
  if (usec && v1) *usec /= 1000;
  out["throttled_usec"] = usec ? nlohmann::json(*usec) : nlohmann::json(unavailable);
  out["file"] = file.generic_string();
  return out;
}

std::vector<std::string> split(const std::string& text, char by) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, by);) out.push_back(item);
  return out;
}

bool lists(const std::string& comma_list, const std::string& item) {
  const auto items = split(comma_list, ',');
  return std::find(items.begin(), items.end(), item) != items.end();
}

// This process's cgroup in the hierarchy that holds the cpu controller: v1's line names it among
// its controllers ("4:cpu,cpuacct:/user.slice"), v2's is "0::/user.slice".
std::optional<std::string> own_cgroup(const machine_sources& from, bool v1) {
  const auto membership = read_text(from.proc / "self/cgroup");
  if (!membership) return std::nullopt;
  std::istringstream lines(*membership);
  for (std::string line; std::getline(lines, line);) {
    const auto first = line.find(':');
    const auto second = first == std::string::npos ? std::string::npos : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const bool match = v1 ? lists(controllers, "cpu") : line.compare(0, first, "0") == 0 && controllers.empty();
    if (match) return line.substr(second + 1);
  }
  return std::nullopt;
}

// A mount point from mountinfo as a path under the sources' /sys; elsewhere only on the live
// machine, since a fixture tree holds nothing outside its /sys.
std::optional<std::filesystem::path> under_roots(const machine_sources& from, const std::string& mount_point) {
  if (mount_point.rfind("/sys/", 0) == 0) return from.sys / mount_point.substr(5);
  if (from.sys == "/sys") return std::filesystem::path(mount_point);
  return std::nullopt;
}

struct cgroup_mount {
  std::filesystem::path point;  // where the hierarchy is mounted
  std::string root;             // which cgroup of the hierarchy the mount shows (a container's own)
};

// The mount of the v1 hierarchy with the cpu controller, or of the v2 hierarchy; mountinfo's
// fields: id parent dev root mount-point options [optional...] - fstype source super-options.
std::optional<cgroup_mount> find_mount(const machine_sources& from, bool v1) {
  const auto mountinfo = read_text(from.proc / "self/mountinfo");
  if (!mountinfo) return std::nullopt;
  std::istringstream lines(*mountinfo);
  for (std::string line; std::getline(lines, line);) {
    const auto fields = split(line, ' ');
    if (fields.size() < 6) continue;
    const auto dash = std::find(fields.begin() + 6, fields.end(), "-");
    if (std::distance(dash, fields.end()) < 4) continue;  // "-", fstype, source, super options
    const bool match = v1 ? dash[1] == "cgroup" && lists(dash[3], "cpu") : dash[1] == "cgroup2";
    if (!match) continue;
    if (const auto point = under_roots(from, fields[4])) return cgroup_mount{*point, fields[3]};
  }
  return std::nullopt;
}

// Where this process's cpu.stat may be, most specific first: its own cgroup under the mount
// mountinfo names, then under the usual mount points (cpu,cpuacct or cpu for v1; the unified
// root, or its hybrid mount at unified/, for v2), then each mount's root.
std::vector<std::filesystem::path> cpu_stat_candidates(const machine_sources& from, bool v1) {
  const std::optional<std::string> own = own_cgroup(from, v1);
  std::vector<cgroup_mount> mounts;
  if (auto found = find_mount(from, v1)) mounts.push_back(*found);
  const std::filesystem::path base = from.sys / "fs/cgroup";
  for (const char* usual :
       v1 ? std::vector<const char*>{"cpu,cpuacct", "cpu"} : std::vector<const char*>{"", "unified"})
    mounts.push_back({base / usual, "/"});
  std::vector<std::filesystem::path> out;
  for (const auto& m : mounts) {
    if (!own) continue;
    // The path below the mount's own root; a cgroup outside what the mount shows is not there.
    const std::string root = m.root == "/" ? "" : m.root;
    const bool inside =
        own->compare(0, root.size(), root) == 0 && (own->size() == root.size() || (*own)[root.size()] == '/');
    if (!inside) continue;
    const std::string relative = own->substr(root.size());
    const auto start = relative.find_first_not_of('/');
    out.push_back(m.point / (start == std::string::npos ? "" : relative.substr(start)) / "cpu.stat");
  }
  for (const auto& m : mounts) out.push_back(m.point / "cpu.stat");
  return out;
}

nlohmann::json cgroup_throttling(const machine_sources& from, bool v1) {
  for (const auto& file : cpu_stat_candidates(from, v1)) {
    if (const auto text = read_text(file)) return throttling(*text, file, v1);
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
  out["cgroup_v1"] = cgroup_throttling(from, true);
  out["cgroup_v2"] = cgroup_throttling(from, false);
  return out;
}

}  // namespace tune::measure
