#pragma once
// Which row each kernel family linked into this program runs, and where that row came from
// (docs/profiles-and-policy.md "At run time"). The stamp step compiles the answer in:
// every generated tune/kernels/<family>.h registers its family here, so the list holds exactly
// the families the program includes. Header-only, C++17, no link dependency.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace tune {

struct family_status {
  std::string name;    // the family's public name, "dot"
  std::string suffix;  // the stamped row, "unroll4_avx2"
  std::string source;  // "sidecar", "profile <class>", "fallback" or "reference"
  // The command that tunes this family's scope, run in the build tree: "cmake --build <build dir>
  // --target tune-<scope>" (no binary carries the tree's path).
  std::string tune_command;
  // Where the row came from, as the stamp header's comment says it: "sidecar", "sidecar, adopted
  // from profile x86-avx2", "fallback". What the race measured of it (margin, time per call) is in
  // the stamp record, which `tune status` prints: a re-mint that keeps the row recompiles nothing.
  std::string why;
  // The running CPU's class, for a family a DISPATCH binary bound at run time (tune/dispatch.h);
  // empty for a stamp fixed at build time.
  std::string cpu_class;

  // Tuned for this box: measured here, or taken from a profile of its class.
  bool tuned() const { return source == "sidecar" || source.rfind("profile ", 0) == 0; }
};

namespace detail {

// One registry per program: a function-local static of an inline function is one object across
// every translation unit.
inline std::vector<family_status>& status_registry() {
  static std::vector<family_status> families;
  return families;
}

// Called once per family by the stamp headers (several translation units may include one header).
inline bool register_family(family_status s) {
  auto& families = status_registry();
  const bool known =
      std::any_of(families.begin(), families.end(), [&](const family_status& f) { return f.name == s.name; });
  if (!known) families.push_back(std::move(s));
  return true;
}

}  // namespace detail

// One row per family linked into this program, sorted by name.
inline std::vector<family_status> status() {
  auto out = detail::status_registry();
  std::sort(out.begin(), out.end(), [](const family_status& a, const family_status& b) { return a.name < b.name; });
  return out;
}

// "<program>: <n>/<total> kernels tuned for this box", one line per family, and the command that
// tunes the box when any family runs a fallback or the reference.
inline void log_status(const char* program, std::FILE* out = stderr) {
  const auto families = status();
  const auto tuned = std::count_if(families.begin(), families.end(), [](const family_status& f) { return f.tuned(); });
  std::fprintf(out, "%s: %d/%d kernels tuned for this box\n", program, static_cast<int>(tuned),
               static_cast<int>(families.size()));
  std::vector<std::string> commands;
  for (const auto& f : families) {
    std::fprintf(out, "  %-24s %-24s %s\n", f.name.c_str(), f.suffix.c_str(),
                 (f.why.empty() ? f.source : f.why).c_str());
    if (!f.tuned() && std::find(commands.begin(), commands.end(), f.tune_command) == commands.end())
      commands.push_back(f.tune_command);
  }
  for (const auto& c : commands) std::fprintf(out, "to tune this box: %s\n", c.c_str());
}

}  // namespace tune
