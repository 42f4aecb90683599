#pragma once
// Incremental re-mints (docs/design/candidates.md "Incremental re-mints"): a family whose last race
// on this box measured the code it has now is kept as the sidecar has it, seat and race table
// untouched; only the others are raced. The code it has now is each row's code identity
// (isolate/identity.h) and its fixture's (util::object_code_sha256 of the fixture compiled alone).
// Decided from facts alone, so every case is a unit test (tests/unit/mint/unit-incremental.cpp).
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "manifest/manifest.h"
#include "mint/race_scope.h"
#include "race/table.h"
#include "sidecar/document.h"
#include "sidecar/verdict.h"

namespace tune::mint {

// What a re-mint compares the sidecar with.
struct remint_basis {
  // The sidecar's verdict with the bench's code left out (sidecar::expectation::check_bench):
  // fresh or missing when its measurements are this box's at this version.
  sidecar::judgement beside_bench;
  std::string compiler;  // the manifest's, against each race table's
  std::string tool;      // this tool's name and version, against each race table's
  bool all = false;      // `tune mint --all` / TUNE_ALL: race everything
};

// Why no family of the scope may be kept (--all, no sidecar, another box or version, a sidecar
// applied from another box), or nullopt when families whose code is unchanged may be. `doc` is
// the sidecar, null when it has none that reads.
std::optional<std::string> why_race_everything(const sidecar::document* doc, const remint_basis& basis);

// Why `family` must be raced again ("row u8's code changed", "it has no race measured on this
// box"), or nullopt when `last`, its race table in the sidecar, measured the code it has now with
// this tool and compiler: the fixture's code identity (`fixture_code`, nullopt when it could not
// be hashed) and every row's, each row of the family in the table and no other.
std::optional<std::string> why_race_again(const family_decl& family, const std::optional<std::string>& fixture_code,
                                          const race::race_table* last, const remint_basis& basis);

// The rows of `family` whose failure `last` records with the code each has now, under the
// fixture, tool and compiler it has now, and the reference its code too: a runtime failure (gate,
// crash, exit, throw, timeout), not a build one. What a re-mint does not run again.
std::map<std::string, race::row_failure> known_failures(const family_decl& family,
                                                        const std::optional<std::string>& fixture_code,
                                                        const race::race_table* last, const remint_basis& basis);

// The fixture's code identity of a family (fixture_code below, or a test's stand-in).
using fixture_identity = std::function<std::optional<std::string>(const family_decl&)>;

// Applies the above to `plan`: each family it races or adopts whose last race stands is kept
// instead (why_kept says so), the raced ones get their known failures, and `plan.why` becomes why
// each raced family races, then `cause` (why the scope mints at all: its verdict; "" for the
// `tune` targets). With a reason to race everything nothing is kept, and `plan.why` says it unless
// the verdict (`cause`) already does.
void keep_unchanged(race_plan& plan, const manifest& m, const sidecar::document* doc, const remint_basis& basis,
                    const fixture_identity& fixture_of, std::string cause);

// The rows of `family` that `last` has no result of with the code each has now: a timing, a
// failure under the same reference, or the timing of a row of the same code (same_code_as) that
// still has it. A row the build left out stands as `why_race_again` says.
std::vector<std::string> new_rows(const family_decl& family, const race::race_table& last);

// `tune mint --only-new`, applied after keep_unchanged: each family `plan` races whose last race on
// this box stands but for new rows (same fixture, tool and compiler; a seat that is not new) races
// only those, against its seat, its FALLBACK chain and its reference, which the race needs to
// decide by, and the rows whose result was one of theirs (same_code_as) (plan.only_rows,
// plan.new_rows). A family without such a race, or with companions, is raced whole, as is every
// family when the scope has a reason to race everything: then every row is new here.
void race_only_new(race_plan& plan, const manifest& m, const sidecar::document* doc, const remint_basis& basis,
                   const fixture_identity& fixture_of);

// The race table of a family raced with only some rows (race_only_new): `table` as the bench
// timed it, each row it was not asked to time given its entry from `last`, marked carried_from
// `measured` (a row carried before keeps its mark). When the bench timed no row, `last` stands,
// with the entries of the rows in `fresh` (the new ones) and without rows the family no longer has.
race::race_table carry_results(race::race_table table, const race::race_table& last,
                               const std::vector<std::string>& fresh, const std::string& measured);

// The code identity of the family's fixture, from its object compiled alone (nullopt when the
// manifest names none or it does not exist: then the family is always raced).
std::optional<std::string> fixture_code(const family_decl& family);

}  // namespace tune::mint
