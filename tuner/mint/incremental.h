#pragma once
// Incremental re-mints (docs/design/candidates.md "Incremental re-mints"): a family whose last race
// on this box measured the code it has now is kept as the sidecar has it, seat and race table
// untouched; only the others are raced. The code it has now is each row's code identity
// (isolate/identity.h) and its fixture's (util::object_code_sha256 of its compiled registry).
// Decided from facts alone, so every case is a unit test (tests/unit/mint/unit-incremental.cpp).
#include <map>
#include <optional>
#include <string>

#include "manifest/manifest.h"
#include "race/table.h"
#include "sidecar/document.h"
#include "sidecar/verdict.h"

namespace tune::mint {

// What a re-mint compares the sidecar with.
struct remint_basis {
  // The sidecar's verdict with the bench's code left out (sidecar::expectation::check_bench):
  // fresh or missing when its measurements are this box's at this version.
  sidecar::judgement beside_bench;
  std::string compiler;  // the manifest's, against provenance.compiler
  std::string tool;      // this tool's name and version, against provenance.tool
  bool all = false;      // `tune mint --all` / TUNE_ALL: race everything
};

// Why no family of the scope may be kept (e.g. "the compiler changed from GNU 12.2.0 to GNU 13.1.0"),
// or nullopt when families whose code is unchanged may be. `doc` is the sidecar, null when it
// has none that reads.
std::optional<std::string> why_race_everything(const sidecar::document* doc, const remint_basis& basis);

// Why `family` must be raced again ("row u8's code changed", "never measured here"), or nullopt
// when `last`, its race table in the sidecar, measured the code it has now: the fixture's code
// identity (`fixture_code`, nullopt when it could not be hashed) and every row's, each row of
// the family in the table and no other.
std::optional<std::string> why_race_again(const family_decl& family, const std::optional<std::string>& fixture_code,
                                          const race::race_table* last);

// The rows of `family` whose failure `last` (its race table in the sidecar) records with the code
// each has now and the fixture it has now: a runtime failure (gate, crash, exit, throw, timeout),
// not a build one, of a row whose code_sha256 is its code identity now, in a table whose
// fixture_sha256 is `fixture_code`. What a re-mint does not retry, unless --all.
std::map<std::string, race::row_failure> known_failures(const family_decl& family,
                                                        const std::optional<std::string>& fixture_code,
                                                        const race::race_table* last);

// The code identity of the family's fixture, from its compiled registry (nullopt when the
// manifest names none or it does not exist: then the family is always raced).
std::optional<std::string> fixture_code(const family_decl& family);

}  // namespace tune::mint
