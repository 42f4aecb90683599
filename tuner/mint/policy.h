#pragma once
// The policy rail (profiles-and-policy.md): what a build does when measured winners are missing
// or stale.
#include <string>

#include "manifest/manifest.h"

namespace tune::mint {

enum class policy { automatic, warn, error, fallback, reference };
const char* to_string(policy p);

struct policy_choice {
  policy value = policy::automatic;
  std::string why;  // "TUNE_POLICY=warn in the environment", "unoptimized build", ...
};

// The environment's TUNE_POLICY wins, then the cache variable, then the default: auto for
// optimized builds, fallback for unoptimized ones (their timings mean nothing). Throws
// std::invalid_argument for an unknown value, naming it and the accepted ones.
policy_choice effective_policy(const manifest& m);

}  // namespace tune::mint
