#pragma once
// The race engine: decides, per family, which row earns the seat (docs/measurement.md rules 1-12).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "race/timing.h"
#include "race/protocol.h"
#include "race/result.h"

namespace tune::race {

struct row_input {
  std::string suffix;
  std::optional<std::string> rejected;  // set by the correctness gate or the requires= check:
                                        // the row is listed, never timed
  std::optional<row_failure> failed;    // set (with rejected) when the row failed
};

// A companion of a family: the same grid timed through the companion's own symbols. It races
// after its family, with the family's seat as its fallback and incumbent, so a row takes the
// companion's own seat only by winning from the family's row (race/companion_race.h).
struct companion_input {
  std::string name;
  std::size_t timer_index = 0;         // the timer knows the companion's rows by this family index;
                                       // past the indices of the mint's families
  std::vector<row_input> rows;         // the family's rows, grid order, with the companion's own
                                       // correctness gate
  std::optional<std::string> untimed;  // why it is not timed (a signature other than the family's):
                                       // it follows the family
};

struct family_input {
  std::string name;
  std::vector<row_input> rows;              // grid order
  std::size_t fallback = 0;                 // index into rows: the first runnable row of the chain
  std::optional<std::string> incumbent;     // previous sidecar's winner (even a stale one), for ties
  std::vector<companion_input> companions;  // declaration order
};

// Progress events (docs/cmake-api.md, TUNE_VERBOSITY and TUNE_EVENTS): the bench prints them as `@tune ...` lines. For
// phase "probe", step's `family` is the probe point's label ("start", "mid1", ..., "end", "start-settled"). `end` comes
// as each family finishes, then for each of its timed companions (begin, step and end name the companion; its result's
// companion_of names the family). The closing floor may still demote a seat after the end probe, so the summary reads
// mint_result.
struct event_sink {
  std::function<void(const std::string& family, std::size_t rows)> begin;
  std::function<void(const std::string& family, const std::string& phase, int i, int of, int live)> step;
  std::function<void(const family_result&)> end;
};

// Races `families` in order. Never throws for measurement outcomes: refusals, interrupts and
// budget exhaustion are reported in the result. A row that fails while it is timed (the timer
// throws row_failed) is excluded with its failure and its family raced again without it; when it
// is the family's fallback, the family is reported in mint_result::errors. After a family's race
// (and each companion's), a seat other than the fallback is re-checked (timer::recheck) and
// demoted when it fails.
mint_result run_mint(const std::vector<family_input>& families, timer& t, clock& c, const protocol& p,
                     const event_sink& events = {});

}  // namespace tune::race
