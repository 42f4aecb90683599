#pragma once
// The correctness gate (race.md rule 1): before anything is timed, every row runnable on this
// box is called once and compared with the reference row under the family's tolerance.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <tune/bench/registry.h>

#include "bench/tolerance.h"
#include "box/features.h"

namespace tune::bench {

struct row_gate {
  bool runnable = true;
  std::string why_not_runnable;        // "requires avx512f: not on this box"
  std::optional<comparison> check;     // set for runnable rows
  bool passed() const { return runnable && check && check->pass; }
};

struct family_gate {
  std::vector<row_gate> rows;          // grid order
  std::size_t reference = 0;
  std::optional<std::size_t> fallback; // first runnable row of the chain
  std::string error;                   // the family cannot be raced (reference not runnable, fallback wrong)
};

// Runs the fixture (driver.setup()) and checks every runnable row.
family_gate run_gate(const family_info& family, family_driver& driver, const box::feature_set& features);

}  // namespace tune::bench
