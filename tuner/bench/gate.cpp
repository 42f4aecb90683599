#include "bench/gate.h"

#include <algorithm>

#include <fmt/format.h>

#include "box/requires.h"

namespace tune::bench {

family_gate run_gate(const family_info& family, family_driver& driver, const box::feature_set& features) {
  family_gate gate;
  const tolerance tol = parse_tolerance(family.tolerance);
  for (const auto& row : family.rows) {
    row_gate g;
    const auto need = box::parse_requires(row.needs);
    if (!box::holds(need, features)) {
      g.runnable = false;
      g.why_not_runnable = box::why_not(need, features);
    }
    gate.rows.push_back(g);
  }
  const auto ref = std::find_if(family.rows.begin(), family.rows.end(), [](const row_info& r) { return r.reference; });
  gate.reference = static_cast<std::size_t>(ref - family.rows.begin());
  if (ref == family.rows.end()) {
    gate.error = "the family has no reference row";
    return gate;
  }
  if (!gate.rows[gate.reference].runnable) {
    gate.error = fmt::format("the reference row {} cannot run here ({})", ref->suffix,
                             gate.rows[gate.reference].why_not_runnable);
    return gate;
  }
  for (const auto& suffix : family.fallback) {
    for (std::size_t i = 0; i < family.rows.size(); ++i)
      if (family.rows[i].suffix == suffix && gate.rows[i].runnable && !gate.fallback) gate.fallback = i;
  }
  if (!gate.fallback) gate.fallback = gate.reference;  // the stamp order ends at the reference too

  driver.setup();
  const detail::output want = driver.call(gate.reference);
  for (std::size_t i = 0; i < family.rows.size(); ++i) {
    if (!gate.rows[i].runnable) continue;
    gate.rows[i].check = compare(driver.call(i), want, tol);
  }
  if (!gate.rows[*gate.fallback].passed()) {
    gate.error = fmt::format("the fallback row {} fails the correctness gate against the reference {} ({})",
                             family.rows[*gate.fallback].suffix, ref->suffix,
                             gate.rows[*gate.fallback].check->describe());
  }
  return gate;
}

}  // namespace tune::bench
