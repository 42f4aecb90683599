#include "race/companion_race.h"

#include <algorithm>

#include <fmt/format.h>

#include "race/family_race.h"

namespace tune::race {

family_result follow_family(const family_result& seated, const companion_input& companion, verdict outcome,
                            const std::string& why) {
  family_result out;
  out.name = companion.name;
  out.companion_of = seated.name;
  out.winner = seated.winner;
  out.fallback = seated.winner;
  out.outcome = outcome;
  out.need_pct = seated.need_pct;
  for (const auto& row : companion.rows)
    out.rows.push_back({row.suffix, row.rejected, row.failed, std::nullopt, std::nullopt, 0, false});
  out.note = why;
  return out;
}

family_result race_companion(const family_input& family, const family_result& seated, const companion_input& companion,
                             window_runner& w, const protocol& p, double need, double noise_floor_pct,
                             const event_sink& events) {
  if (companion.untimed)
    return follow_family(
        seated, companion, verdict::holds,
        fmt::format("not timed: {}; it follows {}'s seat {}", *companion.untimed, family.name, seated.winner));
  if (seated.outcome == verdict::budget)
    return follow_family(
        seated, companion, verdict::budget,
        fmt::format("budget: {} was not raced; it follows {}'s seat {}", family.name, family.name, seated.winner));
  family_input grid;
  grid.name = companion.name;
  grid.rows = companion.rows;
  const auto seat =
      std::find_if(grid.rows.begin(), grid.rows.end(), [&](const row_input& r) { return r.suffix == seated.winner; });
  grid.fallback = static_cast<std::size_t>(seat - grid.rows.begin());
  if (seat->rejected)
    return follow_family(seated, companion, verdict::rejected,
                         fmt::format("{}'s seat {} is rejected for the companion ({}); it follows the family, so "
                                     "fix the companion of that row",
                                     family.name, seated.winner, *seat->rejected));
  grid.incumbent = seated.winner;
  family_result out = race_family(companion.timer_index, grid, w, p, need, noise_floor_pct, events);
  out.companion_of = family.name;
  if (out.outcome != verdict::won) out.note += fmt::format("; it follows {}'s seat", family.name);
  return out;
}

void settle_companions(family_result& family, double floor_pct) {
  for (auto& c : family.companions) {
    if (c.fallback != family.winner) {
      const std::string raced_against = c.fallback;
      if (c.outcome == verdict::won) {
        c.outcome = verdict::demoted;
        c.demoted = c.winner;
        c.demoted_margin_pct = c.margin_pct;
      }
      c.margin_pct.reset();
      c.winner = family.winner;
      c.note += fmt::format("; {}'s seat {} was demoted after this race, so the companion follows its seat {}",
                            family.name, raced_against, family.winner);
      continue;
    }
    demote_below_floor(c, floor_pct);
  }
}

std::optional<std::string> own_seat(const family_result& family, const family_result& companion) {
  if (companion.winner == family.winner) return std::nullopt;
  return companion.winner;
}

}  // namespace tune::race
