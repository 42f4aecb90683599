// tune::fftw: planning effort as a knob, and FFTW wisdom steered by the search and the launcher.
// FFTW is reached through dlsym so that this library links no numerical library; a program that
// calls these functions has FFTW loaded already.
#include <dlfcn.h>

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

// Once per process: import the private wisdom a search candidate starts from (or the plan's
// wisdom at launch).
void prepare_wisdom() {
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
  return flags;
}

void planned(const char* name, const void* plan) {
  runtime_detail::record_fftw_plan(name, plan != nullptr);
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
