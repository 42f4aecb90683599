#pragma once
// Time and the machine's load, as the search sees them: injectable, so budget accounting and
// busy-host handling are tested with a fake clock and fake samples.
#include <optional>
#include <string>
#include <vector>

namespace tune::plan {

class clock_source {
 public:
  virtual ~clock_source() = default;
  virtual double now_s() = 0;  // monotonic seconds
};

// std::chrono::steady_clock.
class steady_clock_source final : public clock_source {
 public:
  double now_s() override;
};

struct load_sample {
  double loadavg1 = 0;                  // /proc/loadavg, 1 minute
  std::optional<double> busy_fraction;  // share of the allocation's CPU time other processes used
};

class load_monitor {
 public:
  virtual ~load_monitor() = default;
  // Before a search: how busy the allocation's CPUs are, over a short interval.
  virtual load_sample sample() = 0;
  // After it: the load average alone, instantly (our own candidates would dominate an interval).
  virtual double loadavg1() = 0;
};

// The share of the CPU time of `cpus` over `wall_s` that went to other processes, from two
// /proc/stat readings `wall_s` apart: their busy jiffies (each CPU's capped at the interval)
// less `own_jiffies` (this process tree's, which the search itself spent), over wall time × CPUs.
double other_busy_fraction(const std::string& stat_before, const std::string& stat_after, const std::vector<int>& cpus,
                           double wall_s, double own_jiffies, double jiffies_per_s);

// CPU time of a process and its reaped children in jiffies, from its /proc/<pid>/stat text
// (utime, stime, cutime, cstime: fields 14-17); 0 when the text is not such a line. Children
// still running are not in it: the busy check samples before the search starts any.
double tree_jiffies(const std::string& pid_stat);

// Samples /proc/stat for the allocation's CPUs over one second (charged to the budget).
class proc_load_monitor final : public load_monitor {
 public:
  explicit proc_load_monitor(std::vector<int> cpus);
  load_sample sample() override;
  double loadavg1() override;

 private:
  std::vector<int> cpus_;
};

}  // namespace tune::plan
