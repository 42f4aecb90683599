#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

#include "box/features.h"
#include "box/text.h"
#include "util/error_text.h"

namespace tune::box {

feature_set apply_forced(feature_set detected, const std::string& force_spec) {
  if (text::trim(force_spec).empty()) return detected;
  for (const auto& raw : text::split(force_spec, ',')) {
    const auto entry = text::trim(raw);
    const auto name = entry.empty() ? std::string() : text::trim(entry.substr(1));
    if (entry.empty() || (entry[0] != '+' && entry[0] != '-') || name.empty())
      throw std::invalid_argument(
          fmt::format("TUNE_FORCE_FEATURES=\"{}\": malformed entry \"{}\"; write +feature or -feature joined by "
                      "',', e.g. +avx2,-avx512f",
                      util::shown(force_spec), util::shown(entry)));
    if (!is_known_feature(name))
      throw std::invalid_argument(fmt::format("TUNE_FORCE_FEATURES=\"{}\": unknown feature \"{}\"; known features: {}",
                                              util::shown(force_spec), util::shown(name), known_features_text()));
    if (entry[0] == '+')
      detected.insert(name);
    else
      detected.erase(name);
  }
  return detected;
}

feature_set this_box_features() {
  const char* force = std::getenv("TUNE_FORCE_FEATURES");
  return apply_forced(detect_features(), force ? force : "");
}

}  // namespace tune::box
