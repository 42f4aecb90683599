#include "measure/counters.h"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>

#include <fmt/format.h>

#include "util/atomic_file.h"

namespace tune::measure {

namespace {

std::string paranoid_level() {
  std::istringstream in(util::read_file_if_readable("/proc/sys/kernel/perf_event_paranoid").value_or(""));
  std::string level;
  return in >> level ? level : "unreadable";
}

// Why perf_event_open failed, in the words a reader can act on.
std::string open_failure(int error) {
  switch (error) {
    case ENOENT:
    case EOPNOTSUPP:
      return fmt::format("this CPU or VM has no such hardware event (perf_event_open: {})",
                         error == ENOENT ? "ENOENT" : "EOPNOTSUPP");
    case EACCES:
    case EPERM: {
      const std::string level = paranoid_level();
      const char* name = error == EACCES ? "EACCES" : "EPERM";
      // Level 2 and below let a thread count itself in user space: then something else forbids it.
      if (level == "-1" || level == "0" || level == "1" || level == "2")
        return fmt::format(
            "not permitted, though /proc/sys/kernel/perf_event_paranoid is {}: a seccomp filter or container "
            "forbids it (perf_event_open: {})",
            level, name);
      return fmt::format(
          "not permitted: /proc/sys/kernel/perf_event_paranoid is {}; counting needs 2 or less (sysctl "
          "kernel.perf_event_paranoid=2) (perf_event_open: {})",
          level, name);
    }
    case ENOSYS:
      return "this kernel has no perf_event_open (ENOSYS)";
    default:
      return fmt::format("perf_event_open: {}", std::strerror(error));
  }
}

// count, time enabled, time running (PERF_FORMAT_TOTAL_TIME_ENABLED | _RUNNING).
bool read_values(int fd, std::uint64_t (&value)[3]) {
  return ::read(fd, value, sizeof value) == static_cast<ssize_t>(sizeof value);
}

}  // namespace

std::vector<counter_event> hardware_events() {
  return {{"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
          {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
          {"branch_misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES},
          {"cache_misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES}};
}

counter_set::counter_set(const std::vector<counter_event>& events) {
  for (const auto& e : events) {
    perf_event_attr attr;
    std::memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = e.type;
    attr.config = e.config;
    attr.disabled = 1;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    const long fd = ::syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0)
      unavailable_[e.name] = open_failure(errno);
    else
      open_.push_back({e.name, static_cast<int>(fd)});
  }
}

counter_set::~counter_set() {
  for (const auto& e : open_) ::close(e.fd);
}

void counter_set::start() {
  // A reset zeroes the count alone; the enabled and running times go on over the fd's life, so
  // stop() scales by what they grew in the window.
  for (auto& e : open_) {
    std::uint64_t value[3];
    e.started = ::ioctl(e.fd, PERF_EVENT_IOC_RESET, 0) == 0 && read_values(e.fd, value);
    if (e.started) {
      e.enabled = value[1];
      e.running = value[2];
    }
  }
  for (auto& e : open_)
    if (e.started) e.started = ::ioctl(e.fd, PERF_EVENT_IOC_ENABLE, 0) == 0;
}

std::map<std::string, double> counter_set::stop() {
  std::map<std::string, double> out;
  for (auto& e : open_) {
    if (!e.started) continue;
    e.started = ::ioctl(e.fd, PERF_EVENT_IOC_DISABLE, 0) == 0;
  }
  for (auto& e : open_) {
    std::uint64_t value[3];
    if (!e.started || !read_values(e.fd, value)) continue;
    e.started = false;
    const std::uint64_t enabled = value[1] - e.enabled, running = value[2] - e.running;
    if (running == 0) continue;  // never on a hardware counter in this window
    out[e.name] = static_cast<double>(value[0]) * static_cast<double>(enabled) / static_cast<double>(running);
  }
  return out;
}

void counter_totals::add(const std::map<std::string, double>& counts, std::uint64_t calls) {
  if (calls == 0) return;
  for (const auto& [event, count] : counts) {
    totals_[event].count += count;
    totals_[event].calls += static_cast<double>(calls);
  }
}

std::map<std::string, double> counter_totals::per_call() const {
  std::map<std::string, double> out;
  for (const auto& [event, t] : totals_) out[event] = t.count / t.calls;
  return out;
}

}  // namespace tune::measure
