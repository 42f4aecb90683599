#pragma once
// The searches of a mint's searched families (SEARCH random|auto, cmake/tune/Search.cmake;
// docs/design/spaces.md). Per family, in batches until its budget is spent: the strategy
// (search/strategy.h) proposes rows, the tool compiles and isolates them (mint/search_rows.h),
// links the bench again, and the bench races the batch against the family's reference and
// FALLBACK chain; each row's time relative to the reference's in the same race is what the
// strategy is told. The search proposes; the race decides: the mint's own race then times the
// best rows the search found beside the fallback chain, the reference and the incumbent, under the
// whole protocol, and seats one of them.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "manifest/manifest.h"
#include "mint/bench_call.h"
#include "mint/progress.h"
#include "mint/race_scope.h"
#include "race/table.h"

namespace tune::mint {

// One seat's search: what the final race is asked for, and what the batches measured.
struct seat_search {
  std::vector<std::string> finalists;  // the best rows found, for the final race
  race::race_table screened;           // every visited row's last batch result (carried_from its batch)
  race::search_record record;
};

struct search_outcome {
  std::map<std::string, seat_search> seats;  // by seat name
  // A batch that could not be raced (the bench died, refused or was interrupted): the mint stops.
  std::optional<bench_call> failed;
};

// The rows of a searched family a batch may propose: each row whose axes name a value of every
// axis, as its value indices, and the row of each point. Rows without a full point (none under
// AXES) are not proposed.
struct search_space {
  std::vector<std::string> axes;
  std::vector<std::size_t> sizes;
  std::vector<std::vector<std::uint16_t>> points;
  std::vector<std::string> suffixes;  // the row of each point
};
search_space space_of(const family_decl& family);

// The rows a search of `space_points` points (after its rules) may compile: BUDGET_ROWS as the
// manifest gives it, at most the space; 0, the default, a twentieth of the space and never fewer
// than 512 rows (the most a family races whole without SEARCH: cmake/tune/Search.cmake).
std::size_t search_budget(std::size_t budget_rows, std::size_t space_points);

// Runs the search of every searched family `plan` races, with `m`'s row identities brought up to
// date for the rows it builds. Compiles `jobs` at a time.
search_outcome search_families(manifest& m, const race_plan& plan, const sidecar::document* previous, progress& show,
                               int jobs);

// How many rows a search compiles at once: the allocation's CPUs (box/platform.h).
int search_jobs();

// The family's race table after the final race: `final` as the bench decided it, each visited row
// it did not time given its batch result (carried_from), and the search record.
race::race_table with_search(race::race_table final, const seat_search& search);

}  // namespace tune::mint
