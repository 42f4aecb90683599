#pragma once
// The plan cache: ${XDG_CACHE_HOME:-~/.cache}/cmake-tune/plans/, keyed by the program's content,
// its arguments, its inputs and the allocation. An entry is only a hint: a malformed one is a
// miss, and a hit is re-confirmed against the baseline (charged to the budget) before it counts.
#include <filesystem>
#include <optional>
#include <string>

#include "plan/identity.h"
#include "plan/plan_file.h"

namespace tune::plan {

// Throws when neither XDG_CACHE_HOME nor HOME is set, naming both.
std::filesystem::path default_cache_dir(const environment& env);

std::string cache_key(const plan_identity& identity);

struct cache_lookup {
  std::optional<execution_plan> plan;
  std::string note;  // "hit ...", or why it missed
};

// Looks up the entry for `current` (an identity without libraries: those are checked by
// re-deriving the cached plan's own identity).
cache_lookup lookup_cached(const std::filesystem::path& dir, const plan_identity& current,
                           const std::vector<std::string>& argv, const environment& env,
                           const identity_sources& sources);

// Stores an improved plan under its key (atomically).
void store_cached(const std::filesystem::path& dir, const execution_plan& plan);

}  // namespace tune::plan
