// x86-64 features from CPUID: the rules are tune/detail/cpu.h's, shared with DISPATCH binaries.
#include "box/features.h"

namespace tune::box {

feature_set features_from_cpuid(const cpuid_leaves& leaves) {
  const std::uint64_t mask = detail::cpu::x86_features(leaves);
  feature_set f;
  for (std::size_t i = 0; i < detail::cpu::x86_feature_names.size(); ++i)
    if ((mask >> i) & 1u) f.insert(detail::cpu::x86_feature_names[i]);
  return f;
}

}  // namespace tune::box
