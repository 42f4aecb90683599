#pragma once
// The profiles a scope can stamp from on one box: its DEFAULTS folder read along the box's class
// ladder, highest class first (docs/profiles-and-policy.md "Which row a family gets", step 2).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "profile/format.h"

namespace tune::profile {

// One rung of the ladder: its class, the file it would be, and either the index of its profile in
// `usable` or why it gives nothing.
struct rung {
  std::string cls;
  std::filesystem::path file;
  std::optional<std::size_t> usable;
  std::string note;
};

struct ladder_profiles {
  std::vector<profile> usable;                    // in ladder order: exist, this scope, this VERSION
  std::vector<std::string> notes;                 // why each other rung gives nothing, one line each
  std::vector<std::filesystem::path> files_read;  // every profile file that exists (for the depfile)
  std::vector<rung> rungs;                        // every rung, in ladder order (what `tune explain` walks)
};

// Walks `classes` (box::ladder of the box or of TUNE_TARGET_CLASS). An absent file, a profile of
// another scope and one minted for another VERSION are skipped with a note; a file that is not a
// readable tune-profile/1 document, or whose `class` is not the class its name says, throws
// std::runtime_error naming the file (a committed profile must never be silently ignored).
ladder_profiles load_ladder(const std::filesystem::path& defaults_dir, const std::vector<std::string>& classes,
                            const std::string& scope, int version);

}  // namespace tune::profile
