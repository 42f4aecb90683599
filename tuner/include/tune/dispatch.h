#pragma once
// Measured dispatch across CPU classes (tune_link(<target> <family> DISPATCH), docs/cmake-api.md
// "DISPATCH"): the stamp header gives each seat a table of candidate rows — the seat measured on the
// build box, each committed profile's seat, the fallback chain, the reference — and the program
// binds the public name once, at load time or first call, to the row the running CPU's class gets:
//
//   1. the seat measured by the build's mint, when this CPU is the minting box (the same CPU
//      signature and the same features);
//   2. else the first profile on this CPU's class ladder with a seat for it;
//   3. else the fallback chain's first row;
//   4. else the reference;
//
// each only if this CPU (and its OS's register state) satisfies the row's `requires=`: the walk
// of the stamp order (tune/detail/order.h, which tuner/stamp/seat.cpp walks too), with the same
// features and classes as `tune box` (tune/detail/cpu.h). TUNE_FORCE_FEATURES, read as `tune box`
// reads it (tune/detail/force.h), is honoured for its `-feature` entries only: a dispatcher may
// take features away, never add one. Header-only, C++17; x86-64 (CPUID) and aarch64 Linux (the
// auxiliary vector). On aarch64 the running CPU has no CPUID signature to compare, so step 1 is
// x86-64's alone: an aarch64 binary binds its class's profile seat or a fallback.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include <tune/detail/cpu.h>
#include <tune/detail/force.h>
#include <tune/detail/order.h>

#if defined(__x86_64__)
// The fake-CPUID seam: a program that defines this function (the tests do) gives the dispatcher the
// leaves to classify instead of the CPU's, and returns true; returning false keeps the CPU's.
extern "C" __attribute__((weak)) bool tune_dispatch_cpuid(tune::detail::cpu::cpuid_leaves* leaves);
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#else
#error "tune/dispatch.h: DISPATCH reads the CPU's class through CPUID (x86-64) or the auxiliary vector (aarch64 Linux)"
#endif

namespace tune::detail::dispatch {

// The CPU this process runs on, as the dispatcher sees it.
struct running_cpu {
  std::uint64_t features = 0;  // with TUNE_FORCE_FEATURES's removals
  const cpu::class_row* cls = nullptr;
  cpu::signature_text signature{};
  std::string ignored;  // TUNE_FORCE_FEATURES entries not applied: additions and unknown names
};

inline running_cpu detect_running_cpu() {
  running_cpu c;
#if defined(__x86_64__)
  constexpr const char* arch = "x86_64";
  cpu::cpuid_leaves leaves{};
  if (!(tune_dispatch_cpuid && tune_dispatch_cpuid(&leaves))) leaves = cpu::read_cpuid_leaves();
  c.features = cpu::x86_features(leaves);
  c.signature = cpu::x86_signature(leaves.leaf1[0]);
#else
  constexpr const char* arch = "aarch64";
  c.features = cpu::aarch64_features(getauxval(AT_HWCAP), getauxval(AT_HWCAP2));
#endif
  if (const char* force = std::getenv("TUNE_FORCE_FEATURES"))
    for (const auto& entry : force::entries(force)) {
      const std::uint64_t bit = cpu::feature_bit(arch, entry.name.c_str());
      if (entry.sign == '-' && bit != 0)
        c.features &= ~bit;
      else if (!entry.text.empty())
        c.ignored += (c.ignored.empty() ? "" : ",") + entry.text;
    }
  c.cls = cpu::classify(arch, c.features);
  return c;
}

// Detected once per process (a function-local static: thread-safe).
inline const running_cpu& this_cpu() {
  static const running_cpu c = detect_running_cpu();
  return c;
}

// A candidate's source: a step of the stamp order.
using from = order::source;

// One candidate row of a seat. `needs` is the row's `requires=` as masks: needs[0] groups follow,
// each a mask of alternatives of which the CPU must have one (a group of features x86-64 does not
// have is 0, which nothing satisfies).
template <class Fn>
struct candidate {
  from source;
  const char* cls;  // the profile's class (profile); unused otherwise
  const char* suffix;
  Fn fn;
  const std::uint64_t* needs;
};

// The box the build's mint measured on, for the `sidecar` candidate.
struct minting_box {
  const char* signature;   // "family 6 model 207 stepping 2"
  std::uint64_t features;  // as the mint saw them (TUNE_FORCE_FEATURES applied)
};

inline bool runs(const std::uint64_t* needs, std::uint64_t features) {
  for (std::uint64_t i = 1; i <= needs[0]; ++i)
    if ((needs[i] & features) == 0) return false;
  return true;
}

// What a seat is bound to: the candidate's index (its companions' rows share it) and what
// tune::status() reports.
struct bound {
  std::size_t index = 0;
  std::string suffix;
  std::string source;  // "sidecar", "profile <class>", "fallback" or "reference"
  std::string cls;     // the running CPU's class
  std::string why;
};

template <class Fn>
bound bind(const candidate<Fn>* candidates, std::size_t count, const minting_box& minted,
           const running_cpu& cpu = this_cpu()) {
  const auto pick = [&](std::size_t i, std::string source, const std::string& why) {
    bound b;
    b.index = i;
    b.suffix = candidates[i].suffix;
    b.source = std::move(source);
    b.cls = cpu.cls ? cpu.cls->name : "linux-aarch64";  // only an aarch64 CPU without Advanced SIMD has no class
    b.why = "dispatch on " + b.cls + ": " + why;
    if (!cpu.ignored.empty())
      b.why += "; TUNE_FORCE_FEATURES entries not applied (a dispatcher only removes): " + cpu.ignored;
    return b;
  };
  bound b;
  const auto take = [&](std::size_t i, std::string source, const std::string& why) {
    b = pick(i, std::move(source), why);
    return true;
  };
  const auto offers = [&](std::size_t i, from step) {
    return candidates[i].source == step && runs(candidates[i].needs, cpu.features);
  };
  order::walk([&](from step) {
    switch (step) {
      case from::sidecar:
        for (std::size_t i = 0; i < count; ++i)
          if (offers(i, step) && cpu.signature.text[0] != '\0' &&
              std::strcmp(minted.signature, cpu.signature.text) == 0 && minted.features == cpu.features)
            return take(i, "sidecar", "measured on this box");
        return false;
      case from::profile:
        for (const cpu::class_row* rung = cpu.cls; rung != nullptr;
             rung = *rung->parent ? cpu::find_class(rung->parent) : nullptr)
          for (std::size_t i = 0; i < count; ++i)
            if (offers(i, step) && std::strcmp(candidates[i].cls, rung->name) == 0)
              return take(i, std::string("profile ") + rung->name, std::string("profile ") + rung->name);
        return false;
      case from::fallback:
        for (std::size_t i = 0; i < count; ++i)
          if (offers(i, step)) return take(i, "fallback", "fallback");
        return false;
      case from::reference:
        for (std::size_t i = 0; i < count; ++i)
          if (candidates[i].source == from::reference) return take(i, "reference", "reference");
        return take(0, "reference", "reference");  // the stamp always lists the reference; not reached
    }
    return false;
  });
  return b;
}

}  // namespace tune::detail::dispatch
