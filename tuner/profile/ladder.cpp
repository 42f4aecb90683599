#include "profile/ladder.h"

#include <stdexcept>

#include <fmt/format.h>

namespace tune::profile {

ladder_profiles load_ladder(const std::filesystem::path& defaults_dir, const std::vector<std::string>& classes,
                            const std::string& scope, int version) {
  ladder_profiles out;
  if (defaults_dir.empty()) {
    out.notes.push_back(fmt::format("profiles: scope {} names no DEFAULTS folder", scope));
    return out;
  }
  for (const auto& cls : classes) {
    const auto file = profile_path(defaults_dir, cls);
    if (!std::filesystem::exists(file)) {
      out.notes.push_back(fmt::format("profile {}: none ({} does not exist)", cls, file.string()));
      continue;
    }
    out.files_read.push_back(file);
    auto p = read_profile(file);
    if (p.cls != cls)
      throw std::runtime_error(fmt::format("profile {}: its class is {} but its name says {}; rename the file to {} "
                                           "or re-export it",
                                           file.string(), p.cls, cls, profile_path(defaults_dir, p.cls).string()));
    if (p.scope != scope) {
      out.notes.push_back(fmt::format("profile {}: {} holds scope {}, not {}", cls, file.string(), p.scope, scope));
      continue;
    }
    if (p.version != version) {
      out.notes.push_back(fmt::format("profile {}: minted for VERSION {}, scope {} is VERSION {}", cls, p.version,
                                      scope, version));
      continue;
    }
    out.usable.push_back(std::move(p));
  }
  return out;
}

}  // namespace tune::profile
