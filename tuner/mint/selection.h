#pragma once
// Which families a `tune mint` races (docs/cmake-api.md "Selecting families"): `--only
// <token>[,<token>...]`, or the environment's TUNE_ONLY for the `tune` targets. A family is selected
// when its name contains a token. The others are not raced; a fresh sidecar's seats and race tables
// of them are kept as they are, and without one they stay unmeasured, so the scope is incomplete.
#include <string>
#include <vector>

namespace tune::mint {

struct family_selection {
  std::vector<std::string> tokens;  // empty: every family
  std::string source;               // "--only" or "TUNE_ONLY": where the tokens came from
  bool active() const { return !tokens.empty(); }
  bool selects(const std::string& family) const;
  std::string text() const;  // "--only dot,gemm", "TUNE_ONLY=dot,gemm"; the tokens clipped by util::shown
};

// The option's tokens when it was given, else TUNE_ONLY's (`env`, null when unset): each split at
// commas, blanks trimmed, empty tokens dropped. Throws std::invalid_argument naming where an option
// or TUNE_ONLY holds no token at all ("--only ','"), which would otherwise select every family.
family_selection selection_of(const std::vector<std::string>& option, const char* env);

// Whether a mint races every family, not only those whose code changed (mint/incremental.h):
// `--all`, else the environment's TUNE_ALL (`env`, null when unset) for the `tune` targets: 1, ON,
// YES or TRUE races all; 0, OFF, NO, FALSE or empty does not (any case). Throws
// std::invalid_argument naming any other value.
bool all_of(bool option, const char* env);

// The tokens that select none of `families`, in the order given.
std::vector<std::string> unmatched(const family_selection& s, const std::vector<std::string>& families);

}  // namespace tune::mint
