#pragma once
// The allocation a search may use: which CPUs, how many threads, how much memory. It is the
// process affinity, narrowed by every cgroup CPU quota on the walk from this process's cgroup
// to the root (v2 cpu.max, v1 cpu.cfs_quota_us / cpu.cfs_period_us; hosts mix both), by the
// cgroup memory limits on the same walk, and by the CPUS / MEMORY the user asked for.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tune::plan {

struct allocation {
  std::vector<int> cpus;                  // affinity ∩ CPUS, ascending
  std::optional<double> cpu_quota;        // tightest quota in CPUs; nullopt: none on the walk
  int threads = 1;                        // min(|cpus|, ceil(quota)): no candidate asks for more
  std::optional<long long> memory_bytes;  // tightest limit; nullopt: none found
  std::vector<std::string> limits;        // where each binding limit came from, for the report
};

// What narrows the allocation further (tune_execution_plan's CPUS and MEMORY).
struct allocation_request {
  std::optional<int> cpus;
  std::optional<long long> memory_bytes;
};

// The inputs of detection, so tests can feed fixture cgroup trees. `root` prefixes every path
// read from mountinfo (a fixture tree lives under a temporary folder).
struct system_view {
  std::vector<int> affinity;
  std::string proc_self_cgroup;     // /proc/self/cgroup
  std::string proc_self_mountinfo;  // /proc/self/mountinfo
  std::filesystem::path root = "/";
};

// This process's view of the machine.
system_view live_system();

// Throws std::runtime_error when the request cannot be met (CPUS larger than the allocation,
// CPUS or MEMORY not positive) or a cgroup file holds something unparseable, naming the file.
allocation detect_allocation(const system_view& system, const allocation_request& request);

// "0-3,6" style list.
std::string describe_cpus(const std::vector<int>& cpus);

}  // namespace tune::plan
