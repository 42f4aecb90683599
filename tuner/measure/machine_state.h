#pragma once
// Machine-state telemetry recorded beside a mint, never judged (docs/measurement.md rule 10). A value
// that cannot be read is recorded as the string "unavailable", never as 0: a zero throttle
// count is a claim, a missing file is not.
#include <filesystem>
#include <functional>
#include <optional>

#include <nlohmann/json.hpp>

namespace tune::measure {

// The CPU the calling thread runs on (sched_getcpu), or nullopt where the OS cannot say.
std::optional<int> current_cpu();

// Where telemetry is read from; tests point the roots at a fixture tree.
struct machine_sources {
  std::filesystem::path proc = "/proc";
  std::filesystem::path sys = "/sys";
  std::function<std::optional<int>()> cpu = current_cpu;
};

// One snapshot; call it before and after a mint. Shape:
//   { "load_avg": {"1m": 0.52, "5m": 0.40, "15m": 0.31},
//     "cpu": 1,
//     "governor": "performance",                   (of the measuring CPU, else cpu0)
//     "turbo": "on" | "off",                       (intel_pstate/no_turbo or cpufreq/boost)
//     "cgroup_v1": {"nr_throttled": 3, "throttled_usec": 1200,    (from throttled_time ns)
//                   "file": "/sys/fs/cgroup/cpu/build/cpu.stat"},
//     "cgroup_v2": {"nr_throttled": 3, "throttled_usec": 1200,
//                   "file": "/sys/fs/cgroup/unified/build/cpu.stat"} }
// cpu.stat is this process's own cgroup's: found through /proc/self/cgroup and the mounts in
// /proc/self/mountinfo (a container's mount shows its own cgroup as the root; a hybrid host
// mounts v2 at unified/ beside the v1 controllers), else at the usual mount points. Any value,
// or a whole cgroup block whose cpu.stat is absent, may be "unavailable"; a v2 root cgroup keeps
// no throttling counters, so there they are "unavailable" beside the file that lacks them.
nlohmann::json machine_state(const machine_sources& from = {});

}  // namespace tune::measure
