#include "mint/policy.h"

#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

#include "util/error_text.h"

namespace tune::mint {

const char* to_string(policy p) {
  switch (p) {
    case policy::automatic:
      return "auto";
    case policy::warn:
      return "warn";
    case policy::error:
      return "error";
    case policy::fallback:
      return "fallback";
    case policy::reference:
      return "reference";
  }
  return "?";
}

namespace {

policy parse(const std::string& text, bool from_env) {
  if (text == "auto") return policy::automatic;
  if (text == "warn") return policy::warn;
  if (text == "error") return policy::error;
  if (text == "fallback") return policy::fallback;
  if (text == "reference" && from_env) return policy::reference;
  throw std::invalid_argument(fmt::format("TUNE_POLICY='{}' ({}) is not one of auto, warn, error, fallback{}",
                                          util::shown(text), from_env ? "environment" : "cache variable",
                                          from_env ? ", reference" : ""));
}

}  // namespace

policy_choice effective_policy(const manifest& m) {
  if (const char* env = std::getenv("TUNE_POLICY"); env && *env)
    return {parse(env, true), fmt::format("TUNE_POLICY={} in the environment", env)};
  if (!m.policy.empty()) return {parse(m.policy, false), fmt::format("TUNE_POLICY={} (cache)", m.policy)};
  if (!m.optimized) return {policy::fallback, "unoptimized build: timings of unoptimized code mean nothing"};
  return {policy::automatic, "default"};
}

}  // namespace tune::mint
