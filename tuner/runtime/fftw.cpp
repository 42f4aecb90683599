// tune::fftw: planning effort as a knob, and FFTW wisdom steered by the search and the launcher.
// FFTW is reached through dlsym so that this library links no numerical library; a program that
// calls these functions has FFTW loaded already.
#include <dlfcn.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <string>

#include "session.h"
#include "tune/runtime.h"

namespace tune::fftw {
namespace {

constexpr unsigned effort_mask = measure | exhaustive | patient | estimate;

struct effort {
  const char* name;
  unsigned bits;
};
constexpr effort efforts[] = {
    {"estimate", estimate}, {"measure", measure}, {"patient", patient}, {"exhaustive", exhaustive}};

const char* effort_name(unsigned flags) {
  if (flags & estimate) return "estimate";
  if (flags & exhaustive) return "exhaustive";
  if (flags & patient) return "patient";
  return "measure";
}

bool env_flag(const char* var) {
  const char* value = std::getenv(var);
  return value && std::string(value) == "1";
}

template <typename Fn>
Fn fftw_symbol(const char* name, const char* why_needed) {
  auto fn = reinterpret_cast<Fn>(dlsym(RTLD_DEFAULT, name));
  if (!fn) {
    runtime_detail::refuse(std::string(why_needed) + " needs " + name +
                           ", which this process does not export: link FFTW (double precision) "
                           "as a shared library");
  }
  return fn;
}

// Exports everything planned so far. Done right after each reported plan rather than at exit:
// fftw_cleanup() forgets all wisdom, and programs call it before they return.
void export_wisdom() {
  const char* path = std::getenv("TUNE_FFTW_WISDOM_OUT");
  if (!path || !*path) return;
  auto export_to = fftw_symbol<int (*)(const char*)>("fftw_export_wisdom_to_filename", "TUNE_FFTW_WISDOM_OUT");
  if (export_to(path) == 0) {
    runtime_detail::refuse(std::string("cannot export FFTW wisdom to ") + path + " (TUNE_FFTW_WISDOM_OUT)");
  }
}

// The flags planner_flags() last returned, and whether FFTW's threads were started before any
// import: both are part of what the next plan's wisdom is keyed by.
std::atomic<unsigned> last_flags{measure};
std::atomic<bool> threads_ready{false};

bool under_tune() {
  for (const char* var : {"TUNE_PILOT_OUT", "TUNE_FFTW_WISDOM_IN", "TUNE_FFTW_WISDOM_OUT"}) {
    if (const char* value = std::getenv(var); value && *value) return true;
  }
  return false;
}

// Once per process: start FFTW's threads, then import the private wisdom a search candidate
// starts from (or the plan's wisdom at launch). fftw_init_threads registers the threaded
// solvers, and wisdom names the solvers of the process that made it: imported before them, its
// threaded entries match nothing and FFTW plans anew without a word; and fftw_plan_with_nthreads
// before fftw_init_threads calls fftw_cleanup, which forgets what was imported. Starting them
// first, in every process the search runs and every launch, keeps both sides of a wisdom alike.
void prepare_wisdom() {
  if (!under_tune()) return;
  if (auto init = reinterpret_cast<int (*)()>(dlsym(RTLD_DEFAULT, "fftw_init_threads")); init && init() != 0) {
    threads_ready = true;
  }
  if (const char* in = std::getenv("TUNE_FFTW_WISDOM_IN"); in && *in) {
    auto import_from = fftw_symbol<int (*)(const char*)>("fftw_import_wisdom_from_filename", "TUNE_FFTW_WISDOM_IN");
    if (import_from(in) == 0) {
      runtime_detail::refuse(std::string("cannot import FFTW wisdom from ") + in +
                             " (TUNE_FFTW_WISDOM_IN): the file is missing or not FFTW wisdom");
    }
    runtime_detail::record_fftw_wisdom(std::string("imported ") + in);
  }
}

}  // namespace

unsigned planner_flags(unsigned default_flags) {
  static std::once_flag wisdom_once;
  std::call_once(wisdom_once, prepare_wisdom);
  const std::string chosen = knob("fftw_planner", effort_name(default_flags));
  const effort* found = nullptr;
  for (const auto& e : efforts) {
    if (chosen == e.name) found = &e;
  }
  if (!found) {
    runtime_detail::refuse("TUNE_KNOB_FFTW_PLANNER='" + chosen +
                           "' is not an FFTW planning effort: use estimate, measure, patient or "
                           "exhaustive");
  }
  unsigned flags = (default_flags & ~effort_mask) | found->bits;
  if (env_flag("TUNE_FFTW_WISDOM_ONLY")) flags |= wisdom_only;
  last_flags = flags;
  return flags;
}

void planned(const char* name, const void* plan) { planned(name, plan, nullptr, nullptr); }

void planned(const char* name, const void* plan, const void* in, const void* out) {
  if (runtime_detail::session_active()) {
    runtime_detail::fftw_plan_facts facts;
    facts.name = name;
    facts.made = plan != nullptr;
    // Optional symbols: FFTW prints plans since 3.3.4 and reports the planner's threads since 3.3.9.
    using sprint_fn = char* (*)(const void*);
    if (auto sprint = reinterpret_cast<sprint_fn>(dlsym(RTLD_DEFAULT, "fftw_sprint_plan")); sprint && plan) {
      if (char* text = sprint(plan)) {
        facts.plan = text;
        std::free(text);  // FFTW allocates it with malloc
      }
    }
    if (auto threads = reinterpret_cast<int (*)()>(dlsym(RTLD_DEFAULT, "fftw_planner_nthreads"))) {
      facts.planner_threads = threads();
    }
    const unsigned flags = last_flags;
    facts.effort = effort_name(flags);
    facts.wisdom_only = (flags & wisdom_only) != 0;
    facts.threads_ready = threads_ready;
    if (in && out) {
      facts.in_place = in == out;
      facts.in_align = static_cast<int>(reinterpret_cast<std::uintptr_t>(in) % 64);
      facts.out_align = static_cast<int>(reinterpret_cast<std::uintptr_t>(out) % 64);
    }
    runtime_detail::record_fftw_plan(facts);
  }
  if (plan) export_wisdom();
  if (!plan && env_flag("TUNE_FFTW_WISDOM_ONLY")) {
    const char* wisdom = std::getenv("TUNE_FFTW_WISDOM_IN");
    runtime_detail::refuse(std::string("FFTW plan '") + name + "' cannot be reproduced from the plan's wisdom (" +
                           (wisdom ? wisdom : "none imported") +
                           ") under FFTW_WISDOM_ONLY; run `tune plan search` again for this "
                           "program");
  }
}

}  // namespace tune::fftw
