#pragma once
// The families the real-machine benchmark mints (docs/measurement.md, "Error rates"):
// byte-identical rows (A/A: any win is a false win), a planted row doing less work (a win by it
// is a recovery), and 12-row families for the time to mint.
#include <optional>
#include <string>
#include <vector>

#include "kernel_timer.h"

namespace tune::race_real {

struct mint_job {
  std::string label;  // the table's row: "A/A", "planted 5%", ...
  family_spec family;
  std::vector<std::string> hits;  // the suffixes whose win is a recovery; none: any win is a false win
};

// The fallback and `twins` byte-identical copies of it, each at its own address.
mint_job identical_job(std::size_t twins);

// The fallback, two identical twins, and last in grid order (so no tie-break favours it) a copy
// that multiplies `less_work` (0.05: 5%) fewer elements.
mint_job planted_job(double less_work);

// 12 rows as a tuning grid has them: the fallback, twins of it, slower rows, and a best row 20%
// less work with a near twin (2.5% behind it, inside the band: rule 7 may seat either).
mint_job twelve_mixed_job();

// 12 byte-identical rows: the worst case for time, every row a finalist up to the cap.
mint_job twelve_identical_job();

}  // namespace tune::race_real
