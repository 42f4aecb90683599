#pragma once
// What a program links (tune::runtime) to take part in an execution-plan search: knobs it reads,
// pilot windows it times, the output it publishes for validation, and FFTW planning that the
// search and the launcher can steer. C++17; no numerical library is included or linked.
//
// Outside a search (TUNE_PILOT_OUT unset) the pilot calls do nothing and cost a branch, and a
// knob is one getenv: the launcher applies a plan through the same environment variables.
#include <cstddef>
#include <string>

namespace tune {

// The value of knob `name` for this run: environment variable TUNE_KNOB_<NAME> (upper-cased),
// else `default_value`. A value that is not an integer is an error naming the variable.
int knob(const char* name, int default_value);
std::string knob(const char* name, const char* default_value);

namespace pilot {

// Marks the end of set-up (reading inputs, planning): reported apart from the windows.
void setup_done();

// One timed window of the program's steady-state work, from construction to destruction.
// The first window of a run is treated as warm-up by the search.
class window {
 public:
  window();
  ~window();
  window(const window&) = delete;
  window& operator=(const window&) = delete;

 private:
  long long start_ns_;
};

// Publishes the program's output; the search compares every candidate's output with the
// baseline's. Call once, after the last window.
void result(const double* values, std::size_t count);
void result(const float* values, std::size_t count);

}  // namespace pilot

namespace fftw {

// FFTW 3's planner flags (fftw3.h values; part of FFTW's stable ABI, repeated here so this
// header needs no FFTW).
constexpr unsigned measure = 0U;
constexpr unsigned exhaustive = 1U << 3;
constexpr unsigned patient = 1U << 5;
constexpr unsigned estimate = 1U << 6;
constexpr unsigned wisdom_only = 1U << 21;

// Planner flags for this run: `default_flags` with its planning effort replaced by the
// `fftw_planner` knob (estimate / measure / patient / exhaustive). Under a search the first call
// imports the candidate's private wisdom; under a launched plan it adds FFTW_WISDOM_ONLY so every
// plan comes from the plan's wisdom. Double-precision FFTW (fftw_*) only.
unsigned planner_flags(unsigned default_flags);

// Reports a plan made with planner_flags(): `name` says which (it is what a refusal names).
// Under a search the wisdom so far is exported right away (fftw_cleanup would forget it). Under
// a launched plan a null plan means the wisdom cannot reproduce it: the program then stops with
// exit status 78 and a message naming the plan, rather than run with a different plan.
void planned(const char* name, const void* plan);

// The same, with the buffers the plan was made for: whether it is in place and each buffer's
// address modulo 64 are part of what FFTW's wisdom is keyed by, and are recorded beside the plan
// FFTW prints, so a plan that replays differently from how it was tuned is told why.
void planned(const char* name, const void* plan, const void* in, const void* out);

}  // namespace fftw

}  // namespace tune
