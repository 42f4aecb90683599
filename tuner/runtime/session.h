#pragma once
// The search session inside a candidate process: what the program reported (knobs read, setup,
// windows, FFTW plans, output), written to TUNE_PILOT_OUT when the process exits. Inactive, and
// never allocated, when TUNE_PILOT_OUT is unset.
#include <cstddef>
#include <optional>
#include <string>

namespace tune::runtime_detail {

// CLOCK_MONOTONIC in nanoseconds: the parent reads the same clock, so it can place our
// timestamps on its own timeline (process start to set-up, for instance).
long long monotonic_ns();

// True when this process is a search candidate. Cached after the first call.
bool session_active();

// One FFTW plan as the program made it: what FFTW's wisdom is keyed by (the planner's thread
// count, the rigor, in place or not, each buffer's address modulo 64) and the plan FFTW printed
// (fftw_sprint_plan), so a replay can be compared with the process that made its wisdom.
struct fftw_plan_facts {
  std::string name;
  bool made = false;
  std::string plan;                        // empty: not made, or this FFTW prints no plans
  std::optional<int> planner_threads;      // fftw_planner_nthreads(); FFTW before 3.3.9 has none
  std::string effort;                      // estimate, measure, patient, exhaustive
  bool wisdom_only = false;                // planned under FFTW_WISDOM_ONLY
  bool threads_ready = false;              // fftw_init_threads ran before any wisdom was imported
  std::optional<bool> in_place;            // unknown unless the program passed its buffers
  std::optional<int> in_align, out_align;  // the buffers' addresses modulo 64
};

// Recorders; each is a no-op when the session is inactive.
void record_knob(const std::string& name, const std::string& value, bool from_environment);
void record_setup_done(long long at_ns);
void record_window(long long start_ns, long long end_ns);
void record_result(const void* values, std::size_t count, std::size_t element_size);
void record_fftw_plan(const fftw_plan_facts& plan);
void record_fftw_wisdom(const std::string& what);

// Prints "tune: <message>" on stderr and exits with status 78: used where running on would
// silently break the plan being applied.
[[noreturn]] void refuse(const std::string& message);

}  // namespace tune::runtime_detail
