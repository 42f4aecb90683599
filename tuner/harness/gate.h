#pragma once
// The correctness gate (docs/measurement.md rule 1): before anything is timed, every row runnable on this
// box is called three times in the family's supervised child and call k is compared with the
// reference row's call k under the family's tolerance. Rows that did not build, crash, exit,
// throw, overrun their time limit or give a wrong output on any call are excluded with why.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <tune/bench/registry.h>

#include "harness/limits.h"
#include "harness/supervised.h"
#include "box/features.h"
#include "race/result.h"
#include "race/table.h"

namespace tune::bench {

struct row_gate {
  bool runnable = true;
  std::string why_not_runnable;  // "requires avx512f: not on this box"
  std::optional<race::row_failure> failure;
  bool failed_before = false;      // `failure` is an earlier mint's, with this code: not called (run_gate)
  std::optional<row_check> check;  // set when the row was called and answered
  double call_s = 0;               // its median gate call, for its time limits
  bool passed() const { return runnable && !failure && check && check->pass; }
};

// Table 0 is the family's rows; table k its k-th timed companion's (registry.h).
struct family_gate {
  std::vector<std::vector<row_gate>> tables;
  std::size_t reference = 0;
  std::optional<std::size_t> fallback;  // first runnable row of the chain
  call_limits limits;
  double reference_call_s = 0;
  bool reference_varies = false;
  std::string error;  // the family cannot be raced (its fixture, reference or fallback failed)
  const std::vector<row_gate>& rows() const { return tables.front(); }
};

// Why row `entry` (<family>__<suffix>), which the bench does not hold, was left out: from the
// build's records (registry.h row_info), else from its isolated object.
race::row_failure build_failure(const std::string& entry, const row_info& row);

// How a call limit was set, for a timeout's detail.
std::string limit_text(const family_info& family, const family_gate& gate, double limit_s, bool window);

// Checks every runnable row of every table in `session`. Returns with `error` set, not thrown,
// when the family cannot be raced.
// A row in `known` (suffix -> how it failed at an earlier mint, with the code it has now) is not
// called again: it fails as recorded, in every table, unless it is the reference or in the
// FALLBACK chain, which are always called.
// With `only`, a row it does not name is not called either (race/table.h not_asked_text): a
// searched family's race asks for a batch of its rows.
family_gate run_gate(const family_info& family, family_session& session, const box::feature_set& features,
                     const std::map<std::string, race::row_failure>& known = {},
                     const std::vector<std::string>* only = nullptr);

// The seated `row` of `table` once more, after the race: nullopt when it still passes.
std::optional<race::row_failure> recheck_row(const family_info& family, const family_gate& gate,
                                             family_session& session, std::size_t table, std::size_t row);

}  // namespace tune::bench
