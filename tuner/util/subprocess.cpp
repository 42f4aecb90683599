#include "util/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
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
std::vector<char*> environment_block(const std::map<std::string, std::string>& env, std::vector<std::string>& storage) {
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
      throw std::runtime_error("cannot start '" + program + "': sched_getaffinity failed: " + errno_text(errno));
    cpu_set_t wanted;
    CPU_ZERO(&wanted);
    for (int cpu : *cpus) {
      if (cpu < 0 || cpu >= CPU_SETSIZE)
        throw std::runtime_error("cannot start '" + program + "': CPU " + std::to_string(cpu) + " is out of range");
      CPU_SET(cpu, &wanted);
    }
    if (sched_setaffinity(0, sizeof(wanted), &wanted) != 0)
      throw std::runtime_error("cannot start '" + program + "': cannot set affinity: " + errno_text(errno));
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

// Starts the child with each (parent fd, child fd) pair of `dups` in place.
pid_t spawn(const spawn_options& options, const std::vector<std::pair<int, int>>& dups) {
  const std::string& program = options.argv.front();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  if (options.own_process_group) {
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
  }
  for (const auto& [from, to] : dups) posix_spawn_file_actions_adddup2(&actions, from, to);
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
             ? posix_spawnp(&pid, program.c_str(), &actions, &attributes, argv.data(), envp)
             : posix_spawn(&pid, program.c_str(), &actions, &attributes, argv.data(), envp);
  }
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
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
  std::vector<std::pair<int, int>> dups;
  if (options.capture_stdout) dups.emplace_back(out.write_end, STDOUT_FILENO);
  if (options.capture_stderr) dups.emplace_back(err.write_end, STDERR_FILENO);
  const pid_t pid = spawn(options, dups);
  // The parent keeps only the read ends; the child's copies of the write ends close at its exit.
  if (out.write_end >= 0) ::close(std::exchange(out.write_end, -1));
  if (err.write_end >= 0) ::close(std::exchange(err.write_end, -1));

  spawn_result result;
  std::size_t emitted = 0;
  const std::optional<clock::time_point> deadline =
      options.timeout ? std::optional(start + *options.timeout) : std::nullopt;
  // When SIGKILL follows the SIGTERM of a timeout; a flag beside a time point, as GCC 12 reads an
  // optional time point here as maybe uninitialized.
  bool kill_pending = false;
  clock::time_point kill_at{};
  // A negative pid signals the child's process group.
  const pid_t target = options.own_process_group ? -pid : pid;
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
      ::kill(target, SIGTERM);
      kill_at = now + kill_grace;
      kill_pending = true;
    }
    if (kill_pending && now >= kill_at) {
      ::kill(target, SIGKILL);
      kill_pending = false;
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
  // A leader that went at SIGTERM may leave members that ignored it: the deadline ends them all.
  if (result.timed_out && options.own_process_group) ::kill(target, SIGKILL);
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

namespace {

using steady = std::chrono::steady_clock;

// Writes all of `bytes` to the socket; false when the peer is gone. MSG_NOSIGNAL: a dead child
// must be an answer, not a SIGPIPE that ends the supervisor.
bool send_all(int fd, const char* bytes, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::send(fd, bytes, size, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool write_frame(int fd, const std::string& message) {
  if (message.size() > 0xffffffffu) throw std::invalid_argument("write_channel: message over 4 GiB");
  const auto size = static_cast<std::uint32_t>(message.size());
  const char head[4] = {static_cast<char>(size & 0xff), static_cast<char>((size >> 8) & 0xff),
                        static_cast<char>((size >> 16) & 0xff), static_cast<char>((size >> 24) & 0xff)};
  return send_all(fd, head, 4) && send_all(fd, message.data(), message.size());
}

// A whole frame at the front of `inbox`, removed from it.
std::optional<std::string> take_frame(std::string& inbox) {
  if (inbox.size() < 4) return std::nullopt;
  std::uint32_t size = 0;
  for (int i = 3; i >= 0; --i) size = (size << 8) | static_cast<unsigned char>(inbox[static_cast<std::size_t>(i)]);
  if (inbox.size() < 4 + std::size_t{size}) return std::nullopt;
  std::string frame = inbox.substr(4, size);
  inbox.erase(0, 4 + std::size_t{size});
  return frame;
}

}  // namespace

supervised_child::supervised_child(const spawn_options& options) : started_(steady::now()) {
  if (options.argv.empty()) throw std::invalid_argument("supervised_child: argv is empty");
  const std::string& program = options.argv.front();
  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
    throw std::runtime_error("cannot start '" + program + "': socketpair failed: " + errno_text(errno));
  pipe_pair printed;
  try {
    open_pipe(printed, program);
  } catch (...) {
    ::close(pair[0]);
    ::close(pair[1]);
    throw;
  }
  try {
    pid_ =
        spawn(options, {{pair[1], channel_fd}, {printed.write_end, STDOUT_FILENO}, {printed.write_end, STDERR_FILENO}});
  } catch (...) {
    ::close(pair[0]);
    ::close(pair[1]);
    throw;
  }
  ::close(pair[1]);
  channel_ = pair[0];
  output_ = std::exchange(printed.read_end, -1);
}

supervised_child::~supervised_child() {
  if (pid_ > 0) reap(true, false);
  if (channel_ >= 0) ::close(channel_);
  if (output_ >= 0) ::close(output_);
}

void supervised_child::drain_output() {
  if (output_ >= 0 && !drain(output_, printed_)) ::close(std::exchange(output_, -1));
}

const std::string& supervised_child::output() {
  drain_output();
  return printed_;
}

bool supervised_child::send(const std::string& message) {
  if (pid_ <= 0) return false;
  if (write_channel(message, channel_)) return true;
  finish(std::chrono::seconds(2));
  return false;
}

std::optional<std::string> supervised_child::receive(std::chrono::duration<double> limit) {
  const auto deadline = steady::now() + std::chrono::duration_cast<steady::duration>(limit);
  for (;;) {
    if (auto frame = take_frame(inbox_)) return frame;
    if (pid_ <= 0) return std::nullopt;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - steady::now()).count();
    if (left <= 0) {
      reap(true, true);
      return std::nullopt;
    }
    pollfd fds[2] = {{channel_, POLLIN, 0}, {output_, POLLIN, 0}};
    const nfds_t n = output_ >= 0 ? 2 : 1;
    if (::poll(fds, n, static_cast<int>(std::min<long long>(left, 1000))) <= 0) continue;
    if (n == 2 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) drain_output();
    if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
    char buffer[65536];
    const ssize_t got = ::recv(channel_, buffer, sizeof buffer, 0);
    if (got > 0) {
      inbox_.append(buffer, static_cast<std::size_t>(got));
    } else if (got == 0 || errno != EINTR) {
      // The child closed its end: it is exiting (or exited). Give it a moment to finish.
      if (auto frame = take_frame(inbox_)) return frame;
      finish(std::chrono::seconds(2));
      return std::nullopt;
    }
  }
}

void supervised_child::finish(std::chrono::duration<double> limit) {
  if (pid_ <= 0) return;
  const auto deadline = steady::now() + std::chrono::duration_cast<steady::duration>(limit);
  while (steady::now() < deadline) {
    drain_output();
    int status = 0;
    rusage usage{};
    if (::wait4(pid_, &status, WNOHANG, &usage) == pid_) {
      ended_.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      ended_.signaled = WIFSIGNALED(status);
      ended_.signal = ended_.signaled ? WTERMSIG(status) : 0;
      ended_.peak_rss_kb = usage.ru_maxrss > 0 ? usage.ru_maxrss : -1;
      pid_ = -1;
      break;
    }
    ::poll(nullptr, 0, 5);
  }
  if (pid_ > 0) reap(true, false);
  drain_output();
  ended_.wall_s = std::chrono::duration<double>(steady::now() - started_).count();
  ended_.out = printed_;
}

void supervised_child::reap(bool kill_first, bool timed_out) {
  if (pid_ <= 0) return;
  if (kill_first) ::kill(pid_, SIGKILL);
  int status = 0;
  rusage usage{};
  while (::wait4(pid_, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  ended_.timed_out = timed_out;
  ended_.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  // A child the supervisor killed for its bound reads as timed out, not as SIGKILL.
  ended_.signaled = WIFSIGNALED(status) && !timed_out;
  ended_.signal = ended_.signaled ? WTERMSIG(status) : 0;
  ended_.peak_rss_kb = usage.ru_maxrss > 0 ? usage.ru_maxrss : -1;
  pid_ = -1;
  drain_output();
  ended_.wall_s = std::chrono::duration<double>(steady::now() - started_).count();
  ended_.out = printed_;
}

bool write_channel(const std::string& message, int fd) { return write_frame(fd, message); }

std::optional<std::string> read_channel(int fd) {
  // Exactly one frame, never more: what follows it belongs to the next read.
  const auto read_exactly = [fd](char* into, std::size_t size) {
    while (size > 0) {
      const ssize_t got = ::recv(fd, into, size, 0);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) return false;
      into += got;
      size -= static_cast<std::size_t>(got);
    }
    return true;
  };
  unsigned char head[4];
  if (!read_exactly(reinterpret_cast<char*>(head), 4)) return std::nullopt;
  const std::uint32_t size = head[0] | (head[1] << 8) | (head[2] << 16) | (std::uint32_t{head[3]} << 24);
  std::string message(size, '\0');
  if (!read_exactly(message.data(), size)) return std::nullopt;
  return message;
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
