#include "race/engine.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "race/budget.h"
#include "race/companion_race.h"
#include "race/family_race.h"
#include "race/noise_probe.h"
#include "race/windows.h"

namespace tune::race {

namespace {

// A companion is timed across its family's grid, so its rows are the family's, in order.
void check_companion(const family_input& family, const companion_input& c, std::size_t families) {
  if (c.untimed) return;
  const auto where = fmt::format("run_mint: companion '{}' of family '{}'", c.name, family.name);
  if (c.timer_index < families)
    throw std::invalid_argument(
        fmt::format("{}: timer index {} is a family's ({} families); give it an index past "
                    "the families'",
                    where, c.timer_index, families));
  bool same = c.rows.size() == family.rows.size();
  for (std::size_t r = 0; same && r < c.rows.size(); ++r) same = c.rows[r].suffix == family.rows[r].suffix;
  if (!same)
    throw std::invalid_argument(
        fmt::format("{}: its {} rows are not the family's {} rows in grid order; list every "
                    "row of the family",
                    where, c.rows.size(), family.rows.size()));
}

void check_inputs(const std::vector<family_input>& families, const timer& t, const protocol& p) {
  const auto require = [](bool ok, const std::string& what) {
    if (!ok) throw std::invalid_argument("run_mint: " + what);
  };
  require(p.window_ms > 0, fmt::format("window_ms = {}; a window must last some time", p.window_ms));
  require(p.window_jitter >= 0, fmt::format("window_jitter = {}; pass a fraction >= 0", p.window_jitter));
  require(p.screen_rounds >= 1 && p.final_rounds >= 1 && p.validate_rounds >= 1,
          fmt::format("screen_rounds = {}, final_rounds = {}, validate_rounds = {}; each must be at least 1",
                      p.screen_rounds, p.final_rounds, p.validate_rounds));
  require(p.probe_windows >= 2, fmt::format("probe_windows = {}; a spread needs at least 2", p.probe_windows));
  require(p.noisy_rounds >= 0, fmt::format("noisy_rounds = {}; pass 0 or more", p.noisy_rounds));
  require(p.looks >= 1, fmt::format("looks = {}; pass at least 1", p.looks));
  require(p.probe_every >= 1, fmt::format("probe_every = {}; pass at least 1", p.probe_every));
  require(p.validate_relocated >= 0 && p.validate_relocated <= t.relocated_placements(),
          fmt::format("validate_relocated = {} placements but the timer has relocated copies at {}; give the timer "
                      "copies of every row at that many other addresses or pass at most {}",
                      p.validate_relocated, t.relocated_placements(), t.relocated_placements()));
  require(p.max_twins >= 0, fmt::format("max_twins = {}; pass 0 or more", p.max_twins));
  for (const auto& f : families) {
    require(!f.rows.empty(), fmt::format("family '{}' has no rows; every family has at least its fallback", f.name));
    require(f.fallback < f.rows.size(),
            fmt::format("family '{}': fallback index {} is past its {} rows", f.name, f.fallback, f.rows.size()));
    require(!f.rows[f.fallback].rejected,
            fmt::format("family '{}': fallback '{}' is rejected ({}); the fallback must be the first runnable row",
                        f.name, f.rows[f.fallback].suffix, f.rows[f.fallback].rejected.value_or("")));
    for (const auto& c : f.companions) check_companion(f, c, families.size());
  }
}

family_result out_of_budget(const family_input& family, double need, double estimate_s, double left_s) {
  family_result out = list_family(family, need);
  out.outcome = verdict::budget;
  out.note = fmt::format("budget: racing {} rows needs about {:.1f} s and {:.1f} s is left; {} keeps the seat",
                         runnable_rows(family).size(), estimate_s, std::max(0.0, left_s), out.fallback);
  return out;
}

// After the end probe: every seat, a family's and then its companions', under the closing floor.
void apply_closing_floor(mint_result& mint, const protocol& p) {
  const double floor_pct = std::max(p.min_margin * 100, mint.noise_floor_pct);
  for (auto& f : mint.families) {
    demote_below_floor(f, floor_pct);
    settle_companions(f, floor_pct);
  }
}

// Runs `race` (a race of the rows `rows`, timer index `index`) and, each time a row fails while
// it is timed, excludes it with its failure and runs the race again: at most once per row.
// nullopt when the failing row is `fatal` (a family's fallback); `error` then says why.
template <class Race>
std::optional<family_result> excluding_failures(std::size_t index, std::vector<row_input>& rows,
                                                std::optional<std::size_t> fatal, std::string& error, Race race) {
  for (;;) {
    try {
      return race();
    } catch (const row_failed& e) {
      if (e.family != index || e.row >= rows.size()) throw;
      if (fatal && e.row == *fatal) {
        error = fmt::format("its fallback row {} failed while it was timed: {}", rows[e.row].suffix, e.why.summary());
        return std::nullopt;
      }
      rows[e.row].rejected = e.why.summary();
      rows[e.row].failed = e.why;
    }
  }
}

// The seat of `raced` (timer index `index`), when a row won it, checked once more against the
// reference; a seat that fails now is demoted and the row records why.
void recheck_seat(std::size_t index, family_result& raced, timer& t) {
  if (raced.outcome != verdict::won || raced.winner == raced.fallback) return;
  const auto row =
      std::find_if(raced.rows.begin(), raced.rows.end(), [&](const row_result& r) { return r.suffix == raced.winner; });
  if (row == raced.rows.end()) return;
  const auto why = t.recheck(index, static_cast<std::size_t>(row - raced.rows.begin()));
  if (!why) return;
  row->failed = *why;
  demote(raced, fmt::format("the seat failed the correctness check after the race ({})", why->summary()));
}

// Each companion of `family` right after it (companion_race.h), under a family's budget rule.
void race_companions(const family_input& family, family_result& seated, window_runner& w, timer& t, const protocol& p,
                     budget_estimate& budget, const round_plan& rounds, double need, double noise_floor_pct,
                     const std::function<double()>& left_s, const event_sink& events) {
  for (companion_input companion : family.companions) {
    const std::size_t timed =
        companion.untimed ? 0
                          : static_cast<std::size_t>(std::count_if(companion.rows.begin(), companion.rows.end(),
                                                                   [](const row_input& r) { return !r.rejected; }));
    const double estimate = timed < 2 ? 0.0 : budget.family_s(timed, rounds);
    const double left = left_s();
    family_result raced;
    if (p.budget_s && timed >= 2 && seated.outcome != verdict::budget && estimate > left) {
      raced = follow_family(seated, companion, verdict::budget,
                            fmt::format("budget: racing {} rows needs about {:.1f} s and {:.1f} s is left; it "
                                        "follows {}'s seat {}",
                                        timed, estimate, std::max(0.0, left), family.name, seated.winner));
    } else {
      std::string unused;
      raced = *excluding_failures(companion.timer_index, companion.rows, std::nullopt, unused, [&] {
        return race_companion(family, seated, companion, w, p, need, noise_floor_pct, events);
      });
      recheck_seat(companion.timer_index, raced, t);
      if (std::any_of(raced.rows.begin(), raced.rows.end(), [](const row_result& r) { return r.rounds > 0; }))
        budget.record(timed, rounds, raced.ms / 1000);
    }
    if (events.end && !companion.untimed) events.end(raced);
    seated.companions.push_back(std::move(raced));
  }
}

}  // namespace

mint_result run_mint(const std::vector<family_input>& families, timer& t, clock& c, const protocol& p,
                     const event_sink& events) {
  check_inputs(families, t, p);
  window_runner w(t, c, p);
  budget_estimate budget(p);
  const double started = c.now_s();
  mint_result mint;
  const auto finish = [&] {
    mint.ms = (c.now_s() - started) * 1000;
    mint.phase_s = w.seconds_by_phase();
    return mint;
  };
  try {
    if (!take_noise_probe(mint, w, p, "start", events)) return finish();
    int mid = 0;
    for (std::size_t i = 0; i < families.size(); ++i) {
      const family_input& family = families[i];
      const double need = std::max(p.min_margin, mint.noise_floor_pct / 100);
      const std::size_t runnable = runnable_rows(family).size();
      const round_plan rounds = plan_rounds(p, mint.noise_floor_pct);
      const double estimate = runnable < 2 ? 0.0 : budget.family_s(runnable, rounds);
      const auto left_s = [&] { return p.budget_s ? *p.budget_s - (c.now_s() - started) - budget.probe_s() : 0.0; };
      const double left = left_s();
      family_result result;
      if (p.budget_s && runnable >= 2 && estimate > left) {
        if (events.begin) events.begin(family.name, family.rows.size());
        result = out_of_budget(family, need, estimate, left);
      } else {
        family_input current = family;
        std::string error;
        const auto raced = excluding_failures(i, current.rows, current.fallback, error, [&] {
          return race_family(i, current, w, p, need, mint.noise_floor_pct, events);
        });
        if (raced) {
          result = *raced;
          recheck_seat(i, result, t);
          if (runnable >= 2) budget.record(runnable, rounds, result.ms / 1000);
        } else {
          mint.errors[family.name] = error;
        }
      }
      if (!mint.errors.count(family.name)) {
        if (events.end) events.end(result);
        race_companions(family, result, w, t, p, budget, rounds, need, mint.noise_floor_pct, left_s, events);
        mint.families.push_back(std::move(result));
      }
      const bool more = i + 1 < families.size();
      if (more && (i + 1) % static_cast<std::size_t>(p.probe_every) == 0 &&
          !take_noise_probe(mint, w, p, fmt::format("mid{}", ++mid), events))
        return finish();
    }
    if (!take_noise_probe(mint, w, p, "end", events)) return finish();
    apply_closing_floor(mint, p);
  } catch (const interrupted&) {
    mint.status = mint_status::interrupted;
    mint.families.clear();
    mint.reason = fmt::format(
        "interrupted: the control file {} exists; stopped after the window in flight and "
        "decided nothing",
        p.control_file);
  }
  return finish();
}

}  // namespace tune::race
