#include "families.h"

#include <cmath>

#include <fmt/format.h>

namespace tune::race_real {

namespace {

std::size_t elements(double work) { return static_cast<std::size_t>(std::lround(full_elements * work)); }

}  // namespace

mint_job identical_job(std::size_t twins) {
  mint_job job{"A/A", {"identical", {{"fallback", 0, full_elements}}}, {}};
  for (std::size_t k = 1; k <= twins; ++k) job.family.rows.push_back({fmt::format("twin{}", k), k, full_elements});
  return job;
}

mint_job planted_job(double less_work) {
  return {fmt::format("planted {:g}%", less_work * 100),
          {"planted",
           {{"fallback", 0, full_elements},
            {"twin1", 1, full_elements},
            {"twin2", 2, full_elements},
            {"planted", 3, elements(1 - less_work)}}},
          {"planted"}};
}

mint_job twelve_mixed_job() {
  // Work relative to the fallback, grid order; the best (0.80) comes last.
  const std::vector<double> work{1.00, 1.00, 1.05, 1.10, 1.25, 1.40, 1.60, 2.00, 0.95, 0.90, 0.82, 0.80};
  mint_job job{"12 rows, mixed", {"mixed12", {}}, {"w82", "w80"}};
  for (std::size_t k = 0; k < work.size(); ++k) {
    const std::string suffix = k == 0 ? "fallback" : fmt::format("w{:.0f}{}", work[k] * 100, k == 1 ? "twin" : "");
    job.family.rows.push_back({suffix, k, elements(work[k])});
  }
  return job;
}

mint_job twelve_identical_job() {
  mint_job job = identical_job(11);
  job.label = "12 rows, identical";
  job.family.name = "identical12";
  return job;
}

}  // namespace tune::race_real
