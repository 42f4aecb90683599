#include "plan/clock.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <sstream>
#include <string>
#include <thread>

#include "util/atomic_file.h"

namespace tune::plan {
namespace {

// Busy jiffies per CPU: user, nice, system, irq, softirq and steal (steal is time the hypervisor
// gave to another guest, which this allocation's candidates would lose as well).
std::map<int, double> busy_jiffies(const std::string& proc_stat) {
  std::istringstream stat(proc_stat);
  std::string line;
  std::map<int, double> busy;
  while (std::getline(stat, line)) {
    if (line.rfind("cpu", 0) != 0 || line.size() < 4 || !std::isdigit(static_cast<unsigned char>(line[3]))) continue;
    std::istringstream in(line.substr(3));
    int cpu = -1;
    double user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
    in >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal;
    busy[cpu] = user + nice + system + irq + softirq + steal;
  }
  return busy;
}

}  // namespace

double tree_jiffies(const std::string& pid_stat) {
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself: the
  // fields after it start after the last ')'.
  const auto close = pid_stat.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream in(pid_stat.substr(close + 1));
  std::string field;
  for (int i = 3; i <= 13; ++i) {
    if (!(in >> field)) return 0;
  }
  double total = 0;
  for (int i = 14; i <= 17; ++i) {
    double jiffies = 0;
    if (!(in >> jiffies)) return 0;
    total += jiffies;
  }
  return total;
}

double other_busy_fraction(const std::string& stat_before, const std::string& stat_after, const std::vector<int>& cpus,
                           double wall_s, double own_jiffies, double jiffies_per_s) {
  if (cpus.empty() || wall_s <= 0) return 0;
  const auto before = busy_jiffies(stat_before);
  const auto after = busy_jiffies(stat_after);
  const double interval = wall_s * jiffies_per_s;
  double busy = 0;
  for (int cpu : cpus) {
    const auto b = before.find(cpu), a = after.find(cpu);
    if (b == before.end() || a == after.end()) continue;
    // A tickless CPU's counters are brought up to date in bursts: more than the interval is lag
    // paid back, not work done in it.
    busy += std::clamp(a->second - b->second, 0.0, interval);
  }
  return std::max(0.0, busy - own_jiffies) / (interval * static_cast<double>(cpus.size()));
}

double steady_clock_source::now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

proc_load_monitor::proc_load_monitor(std::vector<int> cpus) : cpus_(std::move(cpus)) {}

load_sample proc_load_monitor::sample() {
  // One second: a 300 ms sample over 16 tickless CPUs read 26-28% busy on an idle VM (its CPUs'
  // counters lag, and busy over busy + idle divides by what little they advanced). Measured
  // against wall time × CPUs, without this process's own time, an idle machine reads about 0 and a
  // compiler on 6 of 16 CPUs 37% (tests/unit/plan/unit-simulate.cpp).
  const auto read = [] { return util::read_file_if_readable("/proc/stat").value_or(""); };
  const std::string before = read();
  const auto own = [] { return tree_jiffies(util::read_file_if_readable("/proc/self/stat").value_or("")); };
  const double own_before = own();
  const auto t0 = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const std::string after = read();
  const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  load_sample s;
  s.busy_fraction = other_busy_fraction(before, after, cpus_, wall_s, own() - own_before,
                                        static_cast<double>(::sysconf(_SC_CLK_TCK)));
  s.loadavg1 = loadavg1();
  return s;
}

double proc_load_monitor::loadavg1() {
  std::istringstream in(util::read_file_if_readable("/proc/loadavg").value_or(""));
  double value = 0;
  in >> value;
  return value;
}

}  // namespace tune::plan
