#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

#include <tune/detail/force.h>

#include "box/features.h"
#include "util/error_text.h"

namespace tune::box {

feature_set apply_forced(feature_set detected, const std::string& force_spec) {
  for (const auto& entry : detail::force::entries(force_spec)) {
    if (!entry.sign)
      throw std::invalid_argument(
          fmt::format("TUNE_FORCE_FEATURES=\"{}\": malformed entry \"{}\"; write +feature or -feature joined by "
                      "',', e.g. +avx2,-avx512f",
                      util::shown(force_spec), util::shown(entry.text)));
    if (!is_known_feature(entry.name))
      throw std::invalid_argument(fmt::format("TUNE_FORCE_FEATURES=\"{}\": unknown feature \"{}\"; known features: {}",
                                              util::shown(force_spec), util::shown(entry.name), known_features_text()));
    if (entry.sign == '+')
      detected.insert(entry.name);
    else
      detected.erase(entry.name);
  }
  return detected;
}

feature_set this_box_features() {
  const char* force = std::getenv("TUNE_FORCE_FEATURES");
  return apply_forced(detect_features(), force ? force : "");
}

}  // namespace tune::box
