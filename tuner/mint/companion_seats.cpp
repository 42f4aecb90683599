#include "mint/companion_seats.h"

#include <stdexcept>

#include <fmt/format.h>

namespace tune::mint {

void add_companion_seats(sidecar::scope_update& update, const family_decl& family, const race::race_table* table) {
  for (const auto& companion : family.companions) update.companions.push_back(family.companion_key(companion));
  if (!table || !table->companions) return;
  for (const auto& companion : family.companions) {
    const auto own = table->companions->find(companion.name);
    if (own == table->companions->end()) continue;
    const std::string& seat = own->second;
    if (!family.row(seat))
      throw std::runtime_error(
          fmt::format("the bench seated companion {} of family {} on '{}', which is no row of the "
                      "family; rebuild the bench (cmake --build <build> --target tune)",
                      companion.name, family.name, seat));
    update.companion_kernels[family.companion_key(companion)] = seat;
  }
}

}  // namespace tune::mint
