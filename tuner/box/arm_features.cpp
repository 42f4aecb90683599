// The auxiliary vector's bits are tune/detail/cpu.h's, which a DISPATCH binary reads with.
#include "box/features.h"

namespace tune::box {

feature_set features_from_hwcap(std::uint64_t hwcap, std::uint64_t hwcap2) {
  const std::uint64_t mask = detail::cpu::aarch64_features(hwcap, hwcap2);
  feature_set f;
  for (std::size_t i = 0; i < detail::cpu::aarch64_feature_names.size(); ++i)
    if ((mask >> i) & 1u) f.insert(detail::cpu::aarch64_feature_names[i]);
  return f;
}

}  // namespace tune::box
