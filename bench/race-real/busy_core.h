#pragma once
// The benchmark's "other core busy" condition: a thread that spins, pinned to a CPU other than
// the one the measuring thread is on when the load starts.
#include <atomic>
#include <optional>
#include <thread>

namespace tune::race_real {

class busy_core {
 public:
  // Starts the spinning thread. Throws std::runtime_error when the machine has one CPU or the
  // thread cannot be pinned.
  busy_core();
  ~busy_core();
  busy_core(const busy_core&) = delete;
  busy_core& operator=(const busy_core&) = delete;

  int cpu() const { return cpu_; }

 private:
  std::atomic<bool> stop_{false};
  int cpu_ = 0;
  std::thread thread_;
};

}  // namespace tune::race_real
