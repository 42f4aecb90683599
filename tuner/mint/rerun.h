#pragma once
// `tune rerun <impl_hash>` (docs/cmake-api.md "Reproducing a measurement"): one recorded row,
// rebuilt by the build tree's own rules and checked to be the recipe that was measured, gated
// again and timed against its family's seat, printed beside what the sidecar recorded. It writes
// nothing into the sidecar.
#include <filesystem>
#include <string>
#include <vector>

namespace tune::mint {

// Returns the exit code: 0 when the row was gated and timed again (whatever the outcome), 1 when
// it cannot be: no row or several rows have that impl_hash (a prefix of at least 8 hex digits
// will do), the rebuild failed, or the row's recipe in the tree is no longer the recorded one.
// `seat`, when not empty, looks in that seat's race only: a row of a family with SHAPES has the
// same impl_hash in every shape's race (<family>@<shape>).
int rerun_command(const std::vector<std::filesystem::path>& manifests, const std::string& impl_hash,
                  const std::string& seat = "");

}  // namespace tune::mint
