#pragma once
// A row's impl_hash, its recipe identity (docs/design/candidates.md "Two identities"): SHA-256
// over the compiler, the row's compile flags and definitions, every kernel source and the
// fixture, the contents of every file the row's compiles read (its isolation's record of their
// dependency files: the headers), and the box's class. The row's own name (TUNE_ENTRY,
// TUNE_ROW_SUFFIX) is left out: it names the code, it does not change it.
#include <string>

#include "manifest/manifest.h"

namespace tune::mint {

std::string impl_hash(const manifest& m, const family_decl& family, const row_decl& row, const std::string& box_class);

// The row's compile command as the build gives it, for reproducing one measurement.
std::string compile_command(const manifest& m, const row_decl& row);

}  // namespace tune::mint
