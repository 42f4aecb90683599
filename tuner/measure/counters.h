#pragma once
// Hardware counters around a timed window (docs/measurement.md "Hardware counters"): perf_event_open
// on the calling thread, user space only (what perf_event_paranoid 2, the default, allows), each
// event opened on its own so one the CPU lacks does not take the others with it. They are enabled
// just before a window and read just after it, outside its clock reads, so the window's time holds
// none of that work (bench/counters measures what is left: their effect on the window). An event
// that cannot be opened is listed with the reason, never read as zero.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tune::measure {

// One perf event: the name it is recorded under and perf_event_attr's type and config.
struct counter_event {
  std::string name;
  std::uint32_t type = 0;
  std::uint64_t config = 0;
};

// cycles, instructions, branch_misses, cache_misses: what explain and the report show per call.
std::vector<counter_event> hardware_events();

class counter_set {
 public:
  explicit counter_set(const std::vector<counter_event>& events = hardware_events());
  ~counter_set();
  counter_set(const counter_set&) = delete;
  counter_set& operator=(const counter_set&) = delete;

  // Resets and enables every open event.
  void start();
  // Disables them and returns each open event's count since start(), scaled to the whole window
  // when the kernel shared the hardware counter with other events. An event the kernel never ran
  // in the window (the counters were taken), or whose ioctl or read failed, is left out: no count,
  // rather than a zero.
  std::map<std::string, double> stop();

  // The events that could not be opened, each with why ("this CPU or VM has no such hardware event
  // (perf_event_open: ENOENT)").
  const std::map<std::string, std::string>& unavailable() const { return unavailable_; }
  bool any_open() const { return !open_.empty(); }

 private:
  struct open_event {
    std::string name;
    int fd;
    std::uint64_t enabled = 0, running = 0;  // at start(): the kernel's times run over the fd's life
    bool started = false;
  };
  std::vector<open_event> open_;
  std::map<std::string, std::string> unavailable_;
};

// A row's counts per call over its windows: each event's total count over the windows that
// counted it, divided by those windows' calls, so the short windows that size a row weigh only
// the few calls they made.
class counter_totals {
 public:
  void add(const std::map<std::string, double>& counts, std::uint64_t calls);
  std::map<std::string, double> per_call() const;

 private:
  struct total {
    double count = 0, calls = 0;
  };
  std::map<std::string, total> totals_;
};

}  // namespace tune::measure
