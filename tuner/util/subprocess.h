#pragma once
// Child processes started with posix_spawn: an explicit argv and environment, optional CPU
// affinity, output captured or inherited, a deadline after which the child is killed and reaped.
#include <chrono>
#include <functional>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tune::util {

struct spawn_options {
  std::vector<std::string> argv;                     // argv[0] is looked up in PATH when it has no '/'
  std::optional<std::map<std::string, std::string>> env;  // nullopt: inherit this process's environment
  std::optional<std::vector<int>> cpus;              // affinity set before the child's first instruction
  std::optional<std::filesystem::path> cwd;
  bool capture_stdout = false;                       // else inherited
  bool capture_stderr = false;                       // else inherited
  std::optional<std::chrono::milliseconds> timeout;  // SIGTERM, then SIGKILL after a grace period
  // Called for each complete line of stdout as it arrives (only with capture_stdout).
  std::function<void(const std::string&)> on_stdout_line;
};

struct spawn_result {
  int exit_code = -1;          // valid when !signaled
  bool signaled = false;
  int signal = 0;
  bool timed_out = false;
  std::string out;             // captured stdout (when asked)
  std::string err;             // captured stderr (when asked)
  long long peak_rss_kb = -1;  // from wait4's rusage, -1 when unavailable
  double wall_s = 0;
  // "exit 3", "killed by SIGSEGV", "timed out after 10s": for error messages.
  std::string describe() const;
};

// Runs to completion (or timeout). Throws std::runtime_error when the program cannot be started,
// naming it and the reason.
spawn_result run_process(const spawn_options& options);

// The current environment as a map.
std::map<std::string, std::string> current_environment();

}  // namespace tune::util
