#pragma once
// A family's companions in a scope's sidecar update (docs/design/kernels-and-isolation.md "Companions"): a
// companion gets its own `kernels` entry only where the bench's race table records its own seat
// under `companions` (its race seated a row other than the family's); every other companion
// follows the family and has no entry.
#include "manifest/manifest.h"
#include "race/table.h"
#include "sidecar/store.h"

namespace tune::mint {

// Lists every companion `family` declares in `update.companions` (so an entry from an older mint
// is replaced or dropped) and copies the own seats `table` (the bench's race table of the family;
// null when the family was not raced) records for them into `update.companion_kernels`. Throws
// std::runtime_error naming the companion when a recorded seat is not one of the family's rows.
void add_companion_seats(sidecar::scope_update& update, const family_decl& family, const race::race_table* table);

}  // namespace tune::mint
