#include "util/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <utility>

extern char** environ;

namespace tune::util {
namespace {

// After SIGTERM a child gets this long to exit before SIGKILL. Short, because a deadline that
// waits for a polite exit is not a deadline; long enough for an atexit handler to flush.
constexpr std::chrono::milliseconds kill_grace{250};

std::string errno_text(int err) { return std::strerror(err); }

std::string signal_name(int sig) {
  const char* abbrev = sigabbrev_np(sig);
  return abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(sig);
}

struct pipe_pair {
  int read_end = -1;
  int write_end = -1;
  ~pipe_pair() {
    if (read_end >= 0) ::close(read_end);
    if (write_end >= 0) ::close(write_end);
  }
};

void open_pipe(pipe_pair& p, const std::string& program) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw std::runtime_error("cannot start '" + program + "': pipe failed: " + errno_text(errno));
  // Non-blocking, so draining stops when the pipe is empty instead of waiting for more.
  ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
  p.read_end = fds[0];
  p.write_end = fds[1];
}

// Builds the NUL-terminated "KEY=value" array posix_spawn wants; `storage` owns the strings.
std::vector<char*> environment_block(const std::map<std::string, std::string>& env,
                                     std::vector<std::string>& storage) {
  storage.clear();
  for (const auto& [key, value] : env) storage.push_back(key + "=" + value);
  std::vector<char*> block;
  for (auto& s : storage) block.push_back(s.data());
  block.push_back(nullptr);
  return block;
}

// posix_spawn cannot set affinity, but a spawned child inherits the calling thread's mask: so
// this thread narrows its own mask around the spawn and restores it afterwards.
class scoped_affinity {
 public:
  scoped_affinity(const std::optional<std::vector<int>>& cpus, const std::string& program) {
    if (!cpus) return;
    if (cpus->empty()) throw std::runtime_error("cannot start '" + program + "': empty CPU set");
    if (sched_getaffinity(0, sizeof(saved_), &saved_) != 0)
      throw std::runtime_error("cannot start '" + program + "': sched_getaffinity failed: " +
                               errno_text(errno));
    cpu_set_t wanted;
    CPU_ZERO(&wanted);
    for (int cpu : *cpus) {
      if (cpu < 0 || cpu >= CPU_SETSIZE)
        throw std::runtime_error("cannot start '" + program + "': CPU " + std::to_string(cpu) +
                                 " is out of range");
      CPU_SET(cpu, &wanted);
    }
    if (sched_setaffinity(0, sizeof(wanted), &wanted) != 0)
      throw std::runtime_error("cannot start '" + program + "': cannot set affinity: " +
                               errno_text(errno));
    active_ = true;
  }
  ~scoped_affinity() {
    if (active_) sched_setaffinity(0, sizeof(saved_), &saved_);
  }
  scoped_affinity(const scoped_affinity&) = delete;
  scoped_affinity& operator=(const scoped_affinity&) = delete;

 private:
  cpu_set_t saved_{};
  bool active_ = false;
};

pid_t spawn(const spawn_options& options, pipe_pair& out, pipe_pair& err) {
  const std::string& program = options.argv.front();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (options.capture_stdout) {
    posix_spawn_file_actions_adddup2(&actions, out.write_end, STDOUT_FILENO);
  }
  if (options.capture_stderr) {
    posix_spawn_file_actions_adddup2(&actions, err.write_end, STDERR_FILENO);
  }
  if (options.cwd) posix_spawn_file_actions_addchdir_np(&actions, options.cwd->c_str());

  std::vector<std::string> arg_storage(options.argv.begin(), options.argv.end());
  std::vector<char*> argv;
  for (auto& a : arg_storage) argv.push_back(a.data());
  argv.push_back(nullptr);

  std::vector<std::string> env_storage;
  std::vector<char*> env_block;
  char** envp = environ;
  if (options.env) {
    env_block = environment_block(*options.env, env_storage);
    envp = env_block.data();
  }

  pid_t pid = -1;
  int rc;
  {
    scoped_affinity affinity(options.cpus, program);
    rc = program.find('/') == std::string::npos
             ? posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv.data(), envp)
             : posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), envp);
  }
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot start '" + program + "': " + errno_text(rc));
  return pid;
}

// Appends what is readable on the non-blocking `fd`; returns false at end of file.
bool drain(int fd, std::string& sink) {
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      sink.append(buffer, static_cast<std::size_t>(n));
    } else if (n == 0) {
      return false;
    } else if (errno != EINTR) {
      return true;
    }
  }
}

void emit_lines(const spawn_options& options, const std::string& out, std::size_t& emitted) {
  if (!options.on_stdout_line) return;
  for (;;) {
    std::size_t newline = out.find('\n', emitted);
    if (newline == std::string::npos) return;
    options.on_stdout_line(out.substr(emitted, newline - emitted));
    emitted = newline + 1;
  }
}

}  // namespace

std::string spawn_result::describe() const {
  if (timed_out) {
    return "timed out after " + std::to_string(static_cast<long long>(wall_s * 1000)) + " ms";
  }
  if (signaled) return "killed by " + signal_name(signal);
  return "exit " + std::to_string(exit_code);
}

spawn_result run_process(const spawn_options& options) {
  if (options.argv.empty()) throw std::invalid_argument("run_process: argv is empty");
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();

  pipe_pair out, err;
  if (options.capture_stdout) open_pipe(out, options.argv.front());
  if (options.capture_stderr) open_pipe(err, options.argv.front());
  const pid_t pid = spawn(options, out, err);
  // The parent keeps only the read ends; the child's copies of the write ends close at its exit.
  if (out.write_end >= 0) ::close(std::exchange(out.write_end, -1));
  if (err.write_end >= 0) ::close(std::exchange(err.write_end, -1));

  spawn_result result;
  std::size_t emitted = 0;
  const std::optional<clock::time_point> deadline =
      options.timeout ? std::optional(start + *options.timeout) : std::nullopt;
  std::optional<clock::time_point> kill_at;
  bool exited = false;
  int status = 0;
  rusage usage{};

  while (!exited) {
    std::vector<pollfd> fds;
    if (out.read_end >= 0) fds.push_back({out.read_end, POLLIN, 0});
    if (err.read_end >= 0) fds.push_back({err.read_end, POLLIN, 0});

    // Without pipes to watch, poll merely sleeps; short ticks keep the exit and the deadline
    // noticed promptly without a SIGCHLD handler that would belong to the whole process.
    int wait_ms = fds.empty() ? 5 : 20;
    const auto now = clock::now();
    if (deadline && !result.timed_out && now >= *deadline) {
      result.timed_out = true;
      ::kill(pid, SIGTERM);
      kill_at = now + kill_grace;
    }
    if (kill_at && now >= *kill_at) {
      ::kill(pid, SIGKILL);
      kill_at.reset();
    }
    if (::poll(fds.data(), fds.size(), wait_ms) > 0) {
      for (const auto& p : fds) {
        if (!(p.revents & (POLLIN | POLLHUP | POLLERR))) continue;
        if (p.fd == out.read_end) {
          if (!drain(out.read_end, result.out)) ::close(std::exchange(out.read_end, -1));
          emit_lines(options, result.out, emitted);
        } else if (!drain(err.read_end, result.err)) {
          ::close(std::exchange(err.read_end, -1));
        }
      }
    }
    const pid_t done = ::wait4(pid, &status, WNOHANG, &usage);
    if (done == pid) exited = true;
  }
  // Output written just before exit is still in the pipes; grandchildren holding the write end
  // must not keep us here, so read only what is already there.
  if (out.read_end >= 0) {
    drain(out.read_end, result.out);
    emit_lines(options, result.out, emitted);
  }
  if (err.read_end >= 0) drain(err.read_end, result.err);

  result.wall_s = std::chrono::duration<double>(clock::now() - start).count();
  result.peak_rss_kb = usage.ru_maxrss > 0 ? usage.ru_maxrss : -1;
  if (WIFSIGNALED(status)) {
    result.signaled = true;
    result.signal = WTERMSIG(status);
  } else if (WIFEXITED(status)) {
    result.exit_code = WEXITSTATUS(status);
  }
  return result;
}

std::map<std::string, std::string> current_environment() {
  std::map<std::string, std::string> env;
  for (char** entry = environ; entry && *entry; ++entry) {
    std::string_view text(*entry);
    const auto eq = text.find('=');
    if (eq == std::string_view::npos) continue;
    env.emplace(std::string(text.substr(0, eq)), std::string(text.substr(eq + 1)));
  }
  return env;
}

}  // namespace tune::util
