#include "stamp/dispatch.h"

#include <algorithm>

#include <tune/detail/cpu.h>

#include "box/classes.h"
#include "box/requires.h"
#include "box/text.h"

namespace tune::stamp {

std::vector<std::uint64_t> requirement_masks(const std::string& needs, const std::string& arch) {
  std::vector<std::uint64_t> masks;
  for (const auto& group : box::parse_requires(needs).all_of) {
    std::uint64_t mask = 0;
    for (const auto& feature : group) mask |= detail::cpu::feature_bit(arch.c_str(), feature.c_str());
    masks.push_back(mask);
  }
  return masks;
}

std::vector<std::string> dispatch_classes(const std::string& arch) {
  std::vector<std::string> classes;
  for (const auto& c : box::class_table())
    if (c.arch == arch) classes.push_back(c.name);
  return classes;
}

dispatch_table dispatch_candidates(const family_decl& family, const seat& chosen, const sidecar::document* sidecar,
                                   const std::vector<profile::profile>& profiles, bool force_reference,
                                   const std::string& arch) {
  dispatch_table t;
  // Only a row the build linked into the family's archive can be referenced.
  const auto add = [&](const std::string& source, const std::string& cls, const std::string& suffix) {
    const auto* row = family.row(suffix);
    if (!row || row->left_out) return;
    t.candidates.push_back({source, cls, suffix, requirement_masks(row->needs, arch), row->linkage == "C"});
  };
  if (!force_reference) {
    // The seat measured here, only when it was: not adopted from a profile or from another box.
    if (sidecar && chosen.from == source::sidecar && chosen.adopted_from.empty() && !sidecar->provenance.applied_box) {
      const auto parts = box::text::split(sidecar->provenance.box, '|');
      if (parts.size() == 5) {
        add("sidecar", "", chosen.suffix);
        t.minting_signature = parts[3];
        for (const auto& f : box::split(sidecar->provenance.features.value_or("")))
          t.minting_features |= detail::cpu::feature_bit(arch.c_str(), f.c_str());
      }
    }
    for (const auto& p : profiles) {
      const auto entry = p.kernels.find(family.name);
      if (entry == p.kernels.end()) continue;
      add("profile", p.cls, entry->second == "reference" ? family.reference : entry->second);
    }
    for (const auto& suffix : family.fallback) add("fallback", "", suffix);
  }
  add("reference", "", family.reference);
  return t;
}

}  // namespace tune::stamp
