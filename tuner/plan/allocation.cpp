#include "plan/allocation.h"

#include <sched.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "util/atomic_file.h"

namespace tune::plan {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, sep)) parts.push_back(part);
  return parts;
}

bool contains(const std::vector<std::string>& list, const std::string& item) {
  for (const auto& x : list) {
    if (x == item) return true;
  }
  return false;
}

std::optional<std::string> read_trimmed(const fs::path& path) {
  const auto content = util::read_file_if_readable(path);
  if (!content) return std::nullopt;
  std::string text = content->substr(0, content->find('\n'));
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  return text;
}

long long parse_integer(const std::string& text, const fs::path& file) {
  std::size_t used = 0;
  long long value = 0;
  try {
    value = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size()) {
    throw std::runtime_error("cannot read the cgroup limit in " + file.string() + ": '" + text + "' is not an integer");
  }
  return value;
}

// mountinfo escapes blanks in paths as octal (\040).
std::string unescape_octal(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 3 < text.size()) {
      const std::string digits = text.substr(i + 1, 3);
      if (digits.find_first_not_of("01234567") == std::string::npos) {
        out += static_cast<char>(std::stoi(digits, nullptr, 8));
        i += 3;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

struct cgroup_mount {
  std::string root;  // the part of the hierarchy this mount shows
  std::string mount_point;
};

// The mount of a cgroup hierarchy: v2 (`controller` empty) or the v1 mount carrying `controller`.
std::optional<cgroup_mount> find_mount(const std::string& mountinfo, const std::string& controller) {
  std::istringstream in(mountinfo);
  std::string line;
  while (std::getline(in, line)) {
    const auto fields = split(line, ' ');
    std::size_t dash = 0;
    while (dash < fields.size() && fields[dash] != "-") ++dash;
    if (dash < 5 || dash + 3 > fields.size()) continue;
    const std::string& fstype = fields[dash + 1];
    const bool wanted = controller.empty() ? fstype == "cgroup2"
                                           : fstype == "cgroup" && contains(split(fields[dash + 3], ','), controller);
    if (wanted) return cgroup_mount{unescape_octal(fields[3]), unescape_octal(fields[4])};
  }
  return std::nullopt;
}

// This process's path in a hierarchy: v2 (`controller` empty, the "0::" line) or v1.
std::optional<std::string> find_cgroup_path(const std::string& proc_cgroup, const std::string& controller) {
  std::istringstream in(proc_cgroup);
  std::string line;
  while (std::getline(in, line)) {
    const auto first = line.find(':');
    const auto second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    if (controller.empty() ? line.substr(0, first) == "0" && controllers.empty()
                           : contains(split(controllers, ','), controller)) {
      return path;
    }
  }
  return std::nullopt;
}

// Folders from this process's cgroup up to the top of the mount, leaf first.
std::vector<fs::path> cgroup_walk(const system_view& system, const std::string& controller) {
  const auto mount = find_mount(system.proc_self_mountinfo, controller);
  const auto path = find_cgroup_path(system.proc_self_cgroup, controller);
  if (!mount || !path) return {};
  // Inside a container the mount shows only part of the hierarchy; our path is then relative
  // to the mount's root. A path outside it leaves only the mount's top to read.
  std::string relative;
  const std::string root = mount->root == "/" ? "" : mount->root;
  if (path->rfind(root, 0) == 0) relative = path->substr(root.size());
  const fs::path top = system.root / fs::path(mount->mount_point).relative_path();
  fs::path leaf = top / fs::path(relative).relative_path();
  std::vector<fs::path> walk;
  for (fs::path dir = leaf.lexically_normal();; dir = dir.parent_path()) {
    walk.push_back(dir);
    if (dir == top.lexically_normal() || !dir.has_relative_path() || dir == dir.parent_path()) break;
  }
  return walk;
}

// The values above 2^62 that cgroup v1 uses for "no limit".
constexpr long long v1_unlimited = 1LL << 62;

struct limit {
  double value;
  std::string origin;
};

void tighten(std::optional<limit>& current, double value, std::string origin) {
  if (!current || value < current->value) current = limit{value, std::move(origin)};
}

std::optional<limit> cpu_quota(const system_view& system) {
  std::optional<limit> tightest;
  for (const auto& dir : cgroup_walk(system, "")) {
    const fs::path file = dir / "cpu.max";
    const auto text = read_trimmed(file);
    if (!text) continue;
    const auto parts = split(*text, ' ');
    if (parts.size() != 2) {
      throw std::runtime_error("cannot read the cgroup limit in " + file.string() + ": '" + *text +
                               "' is not '<quota|max> <period>'");
    }
    if (parts[0] == "max") continue;
    const double quota = static_cast<double>(parse_integer(parts[0], file));
    const double period = static_cast<double>(parse_integer(parts[1], file));
    if (period > 0) tighten(tightest, quota / period, file.string() + " = " + *text);
  }
  for (const auto& dir : cgroup_walk(system, "cpu")) {
    const fs::path quota_file = dir / "cpu.cfs_quota_us";
    const auto quota_text = read_trimmed(quota_file);
    if (!quota_text) continue;
    const long long quota = parse_integer(*quota_text, quota_file);
    if (quota < 0) continue;
    const fs::path period_file = dir / "cpu.cfs_period_us";
    const auto period_text = read_trimmed(period_file);
    if (!period_text) {
      throw std::runtime_error("cannot read the cgroup limit in " + period_file.string() +
                               ": the file is missing beside " + quota_file.string());
    }
    const long long period = parse_integer(*period_text, period_file);
    if (period > 0) {
      tighten(tightest, static_cast<double>(quota) / static_cast<double>(period),
              quota_file.string() + " = " + *quota_text + " / " + *period_text);
    }
  }
  return tightest;
}

std::optional<limit> memory_limit(const system_view& system) {
  std::optional<limit> tightest;
  for (const auto& dir : cgroup_walk(system, "")) {
    const fs::path file = dir / "memory.max";
    const auto text = read_trimmed(file);
    if (!text || *text == "max") continue;
    tighten(tightest, static_cast<double>(parse_integer(*text, file)), file.string() + " = " + *text);
  }
  for (const auto& dir : cgroup_walk(system, "memory")) {
    const fs::path file = dir / "memory.limit_in_bytes";
    const auto text = read_trimmed(file);
    if (!text) continue;
    const long long bytes = parse_integer(*text, file);
    if (bytes >= v1_unlimited) continue;
    tighten(tightest, static_cast<double>(bytes), file.string() + " = " + *text);
  }
  return tightest;
}

std::string read_all(const fs::path& path) { return util::read_file_if_readable(path).value_or(""); }

}  // namespace

std::string describe_cpus(const std::vector<int>& cpus) {
  std::string out;
  for (std::size_t i = 0; i < cpus.size();) {
    std::size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!out.empty()) out += ",";
    out += std::to_string(cpus[i]);
    if (j > i) out += "-" + std::to_string(cpus[j]);
    i = j + 1;
  }
  return out;
}

system_view live_system() {
  system_view view;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) {
    throw std::runtime_error("cannot read this process's CPU affinity (sched_getaffinity)");
  }
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (CPU_ISSET(cpu, &set)) view.affinity.push_back(cpu);
  }
  view.proc_self_cgroup = read_all("/proc/self/cgroup");
  view.proc_self_mountinfo = read_all("/proc/self/mountinfo");
  return view;
}

allocation detect_allocation(const system_view& system, const allocation_request& request) {
  if (system.affinity.empty()) throw std::runtime_error("the CPU affinity of this process is empty");
  allocation a;
  a.cpus = system.affinity;
  a.limits.push_back("affinity: CPUs " + describe_cpus(a.cpus));
  int threads = static_cast<int>(a.cpus.size());
  if (const auto quota = cpu_quota(system)) {
    a.cpu_quota = quota->value;
    const int quota_threads = std::max(1, static_cast<int>(std::ceil(quota->value - 1e-9)));
    if (quota_threads < threads) {
      threads = quota_threads;
      a.limits.push_back("cpu quota: " + quota->origin);
    }
  }
  if (request.cpus) {
    if (*request.cpus <= 0) {
      throw std::runtime_error("CPUS " + std::to_string(*request.cpus) +
                               " is not a positive number of CPUs; use CPUS >= 1 or omit it");
    }
    if (*request.cpus > threads) {
      throw std::runtime_error(
          "CPUS " + std::to_string(*request.cpus) + " exceeds the allocation of " + std::to_string(threads) +
          " CPUs (affinity and cgroup quota); CPUS only narrows it: use CPUS <= " + std::to_string(threads) +
          " or omit it");
    }
    threads = *request.cpus;
    a.cpus.resize(static_cast<std::size_t>(threads));
    a.limits.push_back("CPUS " + std::to_string(threads) + ": CPUs " + describe_cpus(a.cpus));
  }
  a.threads = threads;

  if (const auto memory = memory_limit(system)) {
    a.memory_bytes = static_cast<long long>(memory->value);
    a.limits.push_back("memory: " + memory->origin);
  }
  if (request.memory_bytes) {
    if (*request.memory_bytes <= 0) {
      throw std::runtime_error("MEMORY " + std::to_string(*request.memory_bytes) +
                               " is not a positive number of bytes; use MEMORY > 0 or omit it");
    }
    if (a.memory_bytes && *request.memory_bytes > *a.memory_bytes) {
      throw std::runtime_error(
          "MEMORY " + std::to_string(*request.memory_bytes) + " exceeds the allocation's memory limit of " +
          std::to_string(*a.memory_bytes) +
          " bytes (cgroup); MEMORY only narrows it: use MEMORY <= " + std::to_string(*a.memory_bytes) + " or omit it");
    }
    a.memory_bytes = *request.memory_bytes;
    a.limits.push_back("MEMORY " + std::to_string(*request.memory_bytes));
  }
  return a;
}

}  // namespace tune::plan
