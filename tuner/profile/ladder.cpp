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
  const auto skip = [&](const std::string& cls, const std::filesystem::path& file, std::string note) {
    out.notes.push_back(note);
    out.rungs.push_back({cls, file, std::nullopt, std::move(note)});
  };
  for (const auto& cls : classes) {
    const auto file = profile_path(defaults_dir, cls);
    if (!std::filesystem::exists(file)) {
      skip(cls, file, fmt::format("profile {}: none ({} does not exist)", cls, file.string()));
      continue;
    }
    out.files_read.push_back(file);
    auto p = read_profile(file);
    if (p.cls != cls)
      throw std::runtime_error(
          fmt::format("profile {}: its class is {} but its name says {}; rename the file to {} "
                      "or re-export it",
                      file.string(), p.cls, cls, profile_path(defaults_dir, p.cls).string()));
    if (p.scope != scope) {
      skip(cls, file, fmt::format("profile {}: {} holds scope {}, not {}", cls, file.string(), p.scope, scope));
      continue;
    }
    if (p.version != version) {
      skip(cls, file,
           fmt::format("profile {}: {} was minted for VERSION {}, scope {} is VERSION {}", cls, file.string(),
                       p.version, scope, version));
      continue;
    }
    out.rungs.push_back({cls, file, out.usable.size(), ""});
    out.usable.push_back(std::move(p));
  }
  return out;
}

}  // namespace tune::profile
