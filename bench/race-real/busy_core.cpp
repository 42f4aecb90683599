#include "busy_core.h"

#include <pthread.h>
#include <sched.h>

#include <stdexcept>

#include <fmt/format.h>

#include "measure/machine_state.h"

namespace tune::race_real {

busy_core::busy_core() {
  const unsigned cpus = std::thread::hardware_concurrency();
  if (cpus < 2)
    throw std::runtime_error(fmt::format("--load needs a second CPU to keep busy; this machine has {}", cpus));
  const int here = measure::current_cpu().value_or(0);
  cpu_ = here == 0 ? 1 : 0;
  thread_ = std::thread([this] {
    volatile unsigned long long turns = 0;
    while (!stop_.load(std::memory_order_relaxed)) turns = turns + 1;
  });
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu_, &set);
  if (const int err = pthread_setaffinity_np(thread_.native_handle(), sizeof set, &set); err != 0) {
    stop_ = true;
    thread_.join();
    throw std::runtime_error(fmt::format("--load: cannot pin the busy thread to CPU {} (error {})", cpu_, err));
  }
}

busy_core::~busy_core() {
  stop_ = true;
  thread_.join();
}

}  // namespace tune::race_real
