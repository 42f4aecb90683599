#include "plan/clock.h"

#include <chrono>
#include <sstream>
#include <string>
#include <thread>

#include "util/atomic_file.h"

namespace tune::plan {
namespace {

// Busy and total jiffies of the listed CPUs.
std::pair<double, double> cpu_jiffies(const std::vector<int>& cpus) {
  std::istringstream stat(util::read_file_if_readable("/proc/stat").value_or(""));
  std::string line;
  double busy = 0, total = 0;
  while (std::getline(stat, line)) {
    if (line.rfind("cpu", 0) != 0 || line.size() < 4 || !std::isdigit(static_cast<unsigned char>(line[3]))) continue;
    std::istringstream in(line.substr(3));
    int cpu = -1;
    in >> cpu;
    bool wanted = false;
    for (int c : cpus) wanted = wanted || c == cpu;
    if (!wanted) continue;
    double user, nice, system, idle, iowait, irq, softirq, steal;
    in >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal;
    busy += user + nice + system + irq + softirq + steal;
    total += user + nice + system + idle + iowait + irq + softirq + steal;
  }
  return {busy, total};
}

}  // namespace

double steady_clock_source::now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

proc_load_monitor::proc_load_monitor(std::vector<int> cpus) : cpus_(std::move(cpus)) {}

load_sample proc_load_monitor::sample() {
  // 300 ms: long enough to see a compiler or another benchmark at 10 ms jiffy resolution, short
  // enough to cost little of a 10 s budget. The search process itself sleeps meanwhile.
  const auto before = cpu_jiffies(cpus_);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto after = cpu_jiffies(cpus_);
  load_sample s;
  const double total = after.second - before.second;
  s.busy_fraction = total > 0 ? (after.first - before.first) / total : 0;
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
