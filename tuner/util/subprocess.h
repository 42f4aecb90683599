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

#include <sys/types.h>

namespace tune::util {

// A cross build's bench under an emulator cannot start its children by itself: QEMU user mode
// hands an exec of a target program to the host kernel, which cannot run it. The build and the
// tool name the emulator in this variable, a JSON array of its command-line words, and the bench
// starts each child through it (tuner/harness/supervised.h emulator_prefix).
inline constexpr const char* bench_emulator_variable = "TUNE_BENCH_EMULATOR";

struct spawn_options {
  std::vector<std::string> argv;                          // argv[0] is looked up in PATH when it has no '/'
  std::optional<std::map<std::string, std::string>> env;  // nullopt: inherit this process's environment
  std::optional<std::vector<int>> cpus;                   // affinity set before the child's first instruction
  std::optional<std::filesystem::path> cwd;
  bool capture_stdout = false;                       // else inherited
  bool capture_stderr = false;                       // else inherited
  std::optional<std::chrono::milliseconds> timeout;  // SIGTERM, then SIGKILL after a grace period
  // The child leads a process group of its own, and the timeout signals the whole group: what it
  // started (a shell's commands, say) dies with it instead of living on under PID 1.
  bool own_process_group = false;
  // Called for each complete line of stdout as it arrives (only with capture_stdout).
  std::function<void(const std::string&)> on_stdout_line;
};

struct spawn_result {
  int exit_code = -1;  // valid when !signaled
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

// A child that answers requests on a channel while it lives, for a supervisor that must outlive
// the child's crash, exit or hang: the channel is a socket the child sees as file descriptor
// `channel_fd`, messages on it are framed (a 4-byte length, then the bytes), and the child's
// stdout and stderr are collected together. Every wait is bounded; a child that misses its bound
// is killed and reaped, and so is one still running when the object is destroyed.
class supervised_child {
 public:
  static constexpr int channel_fd = 3;

  // Starts options.argv (env, cpus and cwd apply; capture_*, timeout and on_stdout_line do not).
  // Throws std::runtime_error when it cannot be started.
  explicit supervised_child(const spawn_options& options);
  ~supervised_child();
  supervised_child(const supervised_child&) = delete;
  supervised_child& operator=(const supervised_child&) = delete;

  // Sends one message. False when the child is gone (then ended() says how).
  bool send(const std::string& message);
  // The child's next message, waiting at most `limit`. nullopt when the child ended first or the
  // limit ran out; in both cases it has been reaped (killed first when it was still running).
  std::optional<std::string> receive(std::chrono::duration<double> limit);
  // Waits up to `limit` for the child to exit by itself, then kills it; reaps it either way.
  void finish(std::chrono::duration<double> limit);

  bool running() const { return pid_ > 0; }
  // How it ended (valid once !running()): exit status or signal, timed_out when it missed a
  // bound of receive(), wall_s since start; `out` holds everything it printed.
  const spawn_result& ended() const { return ended_; }
  // Everything the child printed so far (stdout and stderr, interleaved as written).
  const std::string& output();

 private:
  void drain_output();
  void reap(bool kill_first, bool timed_out);

  pid_t pid_ = -1;
  int channel_ = -1;
  int output_ = -1;
  std::string inbox_;
  std::string printed_;
  spawn_result ended_;
  std::chrono::steady_clock::time_point started_;
};

// The child's side of a supervised_child's channel (blocking): one framed message each.
// read_channel returns nullopt when the supervisor closed the channel.
bool write_channel(const std::string& message, int fd = supervised_child::channel_fd);
std::optional<std::string> read_channel(int fd = supervised_child::channel_fd);

// The current environment as a map.
std::map<std::string, std::string> current_environment();

}  // namespace tune::util
