#pragma once
// Who takes the seat after the final race (docs/measurement.md rules 6 and 7), as a pure function of
// the finalists' per-round times, so every branch is testable without a timer.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "race/margin.h"
#include "race/result.h"

namespace tune::race {

struct contender {
  std::size_t row = 0;           // index in the family's grid order
  std::vector<double> per_call;  // ns per call, one per round; element k of every contender is round k
};

struct seat_decision {
  std::size_t seat = 0;               // row index
  verdict outcome = verdict::holds;   // won, holds or tie (validation may still demote a win)
  std::optional<margin_check> check;  // the seat's rule-6 check when it is not the fallback
  std::vector<std::size_t> tied;      // rows within need of the best, grid order
  std::string note;
};

// `finalists` in grid order, the fallback among them. A finalist within `need` of the best median
// is tied with it; among tied rows the incumbent keeps the seat, else the fallback, else the
// first in grid order. A row other than the fallback takes the seat only when it clears rule 6
// against the fallback at level alpha / (number of finalists other than the fallback); a tied
// row that does not clear passes its turn to the next. `names` are the family's row suffixes.
// Throws std::invalid_argument when the fallback is not a finalist.
seat_decision choose_seat(const std::vector<contender>& finalists, std::size_t fallback,
                          std::optional<std::size_t> incumbent, double need, double alpha,
                          const std::vector<std::string>& names);

// True when no finalist other than the fallback can still take the seat: each one's paired-ratio
// upper bound against the fallback, at the level choose_seat would test it, is below 1 + need.
// More rounds would then only confirm the fallback. Throws std::invalid_argument when the
// fallback is not a finalist.
bool none_can_win(const std::vector<contender>& finalists, std::size_t fallback, double need, double alpha);

}  // namespace tune::race
