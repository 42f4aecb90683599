#pragma once
// Build-graph guarantee 6 (cmake-api.md): a mint inside a build does not measure beside the
// compiler. Before the first window it waits, bounded, until no other job of the same build runs.
#include <chrono>
#include <filesystem>
#include <functional>
#include <string>

namespace tune::mint {

struct quiet_wait {
  bool inside_build = false;  // a make/ninja ancestor was found
  double waited_s = 0;
  bool bound_ran_out = false;  // then the mint measures beside other jobs, and says so
  int jobs_left = 0;           // other jobs still running when the wait ended
};

// Processes below the nearest make/ninja ancestor that are neither this process's ancestors nor
// descendants nor other `tune` processes (mints serialize on their own lock).
int other_build_jobs(const std::filesystem::path& proc_root = "/proc");

// Polls other_build_jobs() until it is zero or `bound` passes; `on_wait` is told the count each poll.
quiet_wait wait_for_quiet_build(std::chrono::seconds bound,
                                const std::function<void(int jobs, double waited_s)>& on_wait);

}  // namespace tune::mint
