#include "box/features.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "box/text.h"

namespace tune::box {

const std::vector<std::string>& known_x86_features() {
  static const std::vector<std::string> names(detail::cpu::x86_feature_names.begin(),
                                              detail::cpu::x86_feature_names.end());
  return names;
}

const std::vector<std::string>& known_arm_features() {
  static const std::vector<std::string> names(detail::cpu::aarch64_feature_names.begin(),
                                              detail::cpu::aarch64_feature_names.end());
  return names;
}

bool is_known_feature(const std::string& name) {
  const auto& x86 = known_x86_features();
  const auto& arm = known_arm_features();
  return std::find(x86.begin(), x86.end(), name) != x86.end() || std::find(arm.begin(), arm.end(), name) != arm.end();
}

std::string known_features_text() {
  return text::join(known_x86_features(), " ") + " " + text::join(known_arm_features(), " ");
}

std::string join(const feature_set& features) {
  return text::join(std::vector<std::string>(features.begin(), features.end()), ";");
}

feature_set split(const std::string& joined) {
  feature_set features;
  if (joined.empty()) return features;
  for (const auto& name : text::split(joined, ';')) {
    if (name.empty())
      throw std::invalid_argument(
          fmt::format("feature list \"{}\" has an empty name; expected names joined by ';'", joined));
    features.insert(name);
  }
  return features;
}

}  // namespace tune::box
