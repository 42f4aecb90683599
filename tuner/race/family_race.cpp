#include "race/family_race.h"

#include "race/same_code.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "measure/stats.h"
#include "race/same_code.h"
#include "race/seat_decision.h"

namespace tune::race {

namespace {

struct finalist_pick {
  std::size_t best = 0;
  std::vector<std::size_t> rows;  // grid order
};

// Rule 4: the best row by screen median, the rows within `need` of it (at most max_twins, nearest
// first), the fallback, and the incumbent: five disturbed screen rounds must not cost the previous
// winner the tie rule 7 would give it (it still has to tie in the final to keep its seat). A row also qualifies when
// its best-of is within `need` of the best best-of: a disturbance only ever adds time, and three disturbed windows out
// of five would otherwise screen out a real winner for good.
finalist_pick pick_finalists(const std::vector<std::size_t>& runnable, const std::vector<std::vector<double>>& per_call,
                             std::size_t fallback, std::optional<std::size_t> incumbent, double need, int max_twins) {
  std::map<std::size_t, double> medians, bests;
  for (std::size_t r : runnable) {
    medians[r] = measure::median(per_call[r]);
    bests[r] = measure::minimum(per_call[r]);
  }
  std::vector<std::size_t> by_speed = runnable;
  std::stable_sort(by_speed.begin(), by_speed.end(),
                   [&](std::size_t a, std::size_t b) { return medians[a] < medians[b]; });
  double best_of = bests[by_speed.front()];
  for (std::size_t r : runnable) best_of = std::min(best_of, bests[r]);
  finalist_pick out{by_speed.front(), {by_speed.front()}};
  for (std::size_t i = 1; i < by_speed.size() && static_cast<int>(out.rows.size()) <= max_twins; ++i) {
    const std::size_t r = by_speed[i];
    if (medians[r] <= medians[out.best] * (1 + need) || bests[r] <= best_of * (1 + need)) out.rows.push_back(r);
  }
  for (const std::optional<std::size_t> kept : {std::optional<std::size_t>(fallback), incumbent})
    if (kept && std::find(runnable.begin(), runnable.end(), *kept) != runnable.end() &&
        std::find(out.rows.begin(), out.rows.end(), *kept) == out.rows.end())
      out.rows.push_back(*kept);
  std::sort(out.rows.begin(), out.rows.end());
  return out;
}

// Rule 5: one count for every finalist. Sized for the best row, so the rows that matter run full
// windows, but capped so the slowest finalist's window stays within five targets: a fallback ten
// times slower must not stretch the race tenfold.
std::uint64_t shared_reps(const std::vector<std::size_t>& finalists, const std::map<std::size_t, std::uint64_t>& reps,
                          std::size_t best) {
  std::uint64_t fewest = reps.at(best);
  for (std::size_t r : finalists) fewest = std::min(fewest, reps.at(r));
  return std::min(reps.at(best), 5 * fewest);
}

// The spread the race itself sees: each screen sample's deviation from its row's median, in
// percent, pooled over the rows; its median. A 12-window probe can read low by chance, and the
// rows may be noisier than the probe.
double screen_spread_pct(const std::vector<std::size_t>& runnable, const std::vector<std::vector<double>>& per_call) {
  std::vector<double> deviations;
  for (std::size_t r : runnable) {
    const double m = measure::median(per_call[r]);
    for (double x : per_call[r]) deviations.push_back(std::abs(x - m) / m * 100);
  }
  return measure::median(std::move(deviations));
}

// Rule 3: every runnable row once per round, in a fresh random order; one jitter draw per round.
// Random, not rotating: on a shared machine a periodic disturbance can keep step with a rotation
// and hit the same row round after round; under a random order no schedule can favour a row, so
// identical rows' paired ratios stay exchangeable
// (docs/measurement.md "Where the protocol departs from its first design, and why").
void run_screen(std::size_t index, const family_input& family, const std::vector<std::size_t>& runnable,
                const std::map<std::size_t, std::uint64_t>& reps, window_runner& w, const protocol& p,
                std::vector<std::vector<double>>& per_call, const event_sink& events) {
  const std::size_t n = runnable.size();
  w.enter("screen");
  for (int round = 0; round < p.screen_rounds; ++round) {
    if (events.step) events.step(family.name, "screen", round + 1, p.screen_rounds, static_cast<int>(n));
    const double stretch = w.draw_jitter();
    for (const std::size_t k : w.draw_order(n)) {
      const std::size_t r = runnable[k];
      per_call[r].push_back(w.time_row(index, r, window_runner::stretch(reps.at(r), stretch)));
    }
  }
}

// The rounds after which a race of `rounds` planned rounds is judged, one per look: the first at
// the protocol's minimum (rule 5's floor of final rounds, never cut), the others evenly spaced beyond it up to
// the plan, all in whole blocks of `block` rounds. A plan no longer than the minimum has one look,
// so a quiet box tests at the full level.
std::vector<int> look_ends(int rounds, int minimum, int looks, int block = 1) {
  if (looks == 1) return {rounds};
  const int first = std::min(rounds, (minimum + block - 1) / block * block);
  std::vector<int> out{first};
  const int blocks_beyond = (rounds - first) / block;
  for (int look = 1; look < looks; ++look) {
    const int end = first + (blocks_beyond * look + looks - 2) / (looks - 1) * block;
    if (end > out.back()) out.push_back(end);
  }
  if (out.back() < rounds) out.push_back(rounds);
  return out;
}

// Rule 5: the finalists interleaved, in a fresh random order each round (as the screen), all at
// one jittered count: rounds [from, to) of `rounds`.
void run_final(std::size_t index, const family_input& family, const std::vector<std::size_t>& finalists,
               std::uint64_t shared, int from, int to, int rounds, window_runner& w,
               std::vector<std::vector<double>>& per_call, const event_sink& events) {
  const std::size_t f = finalists.size();
  w.enter("final");
  for (int round = from; round < to; ++round) {
    if (events.step) events.step(family.name, "final", round + 1, rounds, static_cast<int>(f));
    const std::uint64_t count = window_runner::stretch(shared, w.draw_jitter());
    for (const std::size_t k : w.draw_order(f)) {
      const std::size_t r = finalists[k];
      per_call[r].push_back(w.time_row(index, r, count));
    }
  }
}

// The incumbent's row index, when it is still a row of the family.
std::optional<std::size_t> incumbent_row(const family_input& family) {
  if (!family.incumbent) return std::nullopt;
  for (std::size_t r = 0; r < family.rows.size(); ++r) {
    if (family.rows[r].suffix == *family.incumbent) return r;
  }
  return std::nullopt;
}

struct validation {
  margin_check check;
  std::vector<double> fallback_per_call;
};

// How a note names re-race `k` (1-based) of the protocol's.
std::string revalidation_name(const protocol& p, int k) {
  if (p.validate_relocated == 0) return "re-race";
  if (p.validate_relocated == 1) return "relocated re-race";
  return fmt::format("relocated re-race at placement {} of {}", k, p.validate_relocated);
}

// Rule 8: the seat against the fallback alone, fresh samples, paired rounds in ABBA blocks, each
// block starting with a row drawn at random (AB BA or BA AB: a drift within the block cancels,
// and no periodic disturbance can keep step with the order), judged after each look's whole
// blocks; it stops once the seat clears or can no longer clear. Placement 0 times the rows
// themselves, placement k their relocated copies there.
validation revalidate(std::size_t index, const family_input& family, std::size_t seat, int placement, window_runner& w,
                      const protocol& p, double need, int pairs, std::uint64_t reps, const event_sink& events) {
  std::vector<double> seat_per_call, fallback_per_call;
  const std::vector<int> looks = look_ends(pairs, p.validate_rounds, p.looks, 2);
  const double level = p.alpha / static_cast<double>(looks.size());
  const auto timed = [&](std::size_t row, std::uint64_t n) {
    return placement > 0 ? w.time_relocated(index, row, placement, n) : w.time_row(index, row, n);
  };
  w.enter("validate");
  int pair = 0;
  bool seat_first = true;
  margin_check check;
  for (const int until : looks) {
    for (; pair < until; ++pair) {
      if (events.step) events.step(family.name, "validate", pair + 1, pairs, 2);
      if (pair % 2 == 0) seat_first = w.draw_order(2).front() == 0;
      const std::uint64_t n = window_runner::stretch(reps, w.draw_jitter());
      if (seat_first == (pair % 2 == 0)) {
        seat_per_call.push_back(timed(seat, n));
        fallback_per_call.push_back(timed(family.fallback, n));
      } else {
        fallback_per_call.push_back(timed(family.fallback, n));
        seat_per_call.push_back(timed(seat, n));
      }
    }
    check = check_margin(seat_per_call, fallback_per_call, need, level);
    if (check.clears || check.hopeless) break;
  }
  return {check, fallback_per_call};
}

}  // namespace

std::vector<std::size_t> runnable_rows(const family_input& family) {
  std::vector<std::size_t> out;
  for (std::size_t r = 0; r < family.rows.size(); ++r) {
    if (!family.rows[r].rejected) out.push_back(r);
  }
  return out;
}

family_result list_family(const family_input& family, double need) {
  family_result out;
  out.name = family.name;
  out.fallback = family.rows[family.fallback].suffix;
  out.winner = out.fallback;
  out.outcome = verdict::holds;
  out.need_pct = need * 100;
  for (const auto& row : family.rows)
    out.rows.push_back({row.suffix, row.rejected, row.failed, std::nullopt, std::nullopt, 0, false});
  return out;
}

family_result race_family(std::size_t index, const family_input& family, window_runner& w, const protocol& p,
                          double need, double noise_floor_pct, const event_sink& events) {
  const double started = w.now_s();
  family_result out = list_family(family, need);
  if (events.begin) events.begin(family.name, family.rows.size());
  const std::vector<std::size_t> runnable = runnable_rows(family);
  if (runnable.size() < 2) {
    const bool one_code = std::any_of(family.rows.begin(), family.rows.end(),
                                      [&](const row_input& r) { return r.rejected == same_code_text(out.fallback); });
    out.note = one_code ? fmt::format("every runnable row has the same code as {}; nothing to race", out.fallback)
                        : fmt::format("{} is the only runnable row; nothing to race", out.fallback);
    out.ms = (w.now_s() - started) * 1000;
    return out;
  }

  std::map<std::size_t, std::uint64_t> reps;
  for (std::size_t r : runnable) reps[r] = w.size_row(index, r);
  std::vector<std::vector<double>> per_call(family.rows.size());
  run_screen(index, family, runnable, reps, w, p, per_call, events);

  const round_plan planned = plan_rounds(p, std::max(noise_floor_pct, screen_spread_pct(runnable, per_call)));
  const finalist_pick pick =
      pick_finalists(runnable, per_call, family.fallback, incumbent_row(family), need, p.max_twins);
  const std::uint64_t shared = shared_reps(pick.rows, reps, pick.best);
  std::vector<std::string> names;
  for (const auto& row : family.rows) names.push_back(row.suffix);
  const auto contenders = [&] {
    std::vector<contender> out;
    for (std::size_t r : pick.rows) out.push_back({r, per_call[r]});
    return out;
  };
  // Rules 5-7, judged after each look. A fallback left alone in the final has nothing to be
  // compared with.
  const std::vector<int> looks = look_ends(planned.final_rounds, p.final_rounds, p.looks);
  const double level = p.alpha / static_cast<double>(looks.size());
  seat_decision seat;
  if (pick.rows.size() == 1) {
    seat = choose_seat(contenders(), family.fallback, incumbent_row(family), need, level, names);
  } else {
    int done = 0;
    for (const int until : looks) {
      run_final(index, family, pick.rows, shared, done, until, planned.final_rounds, w, per_call, events);
      done = until;
      const std::vector<contender> now = contenders();
      seat = choose_seat(now, family.fallback, incumbent_row(family), need, level, names);
      if (seat.outcome == verdict::won || none_can_win(now, family.fallback, need, level)) break;
    }
  }

  for (std::size_t r : runnable) {
    auto& row = out.rows[r];
    row.median_ns = measure::median(per_call[r]);
    row.best_ns = measure::minimum(per_call[r]);
    row.q1_ns = measure::quantile(per_call[r], 0.25);
    row.q3_ns = measure::quantile(per_call[r], 0.75);
    row.rounds = static_cast<int>(per_call[r].size());
    row.finalist = std::find(pick.rows.begin(), pick.rows.end(), r) != pick.rows.end();
  }
  out.winner = names[seat.seat];
  out.outcome = seat.outcome;
  out.note = seat.note;

  if (seat.seat != family.fallback) {
    // Once on the rows themselves, or once at each relocated placement: the seat must clear at
    // every one, and the recorded margin is the smallest.
    const int placements = std::max(1, p.validate_relocated);
    double margin = seat.check->gain;
    std::vector<double> fallback_per_call;
    std::vector<std::string> gains;
    for (int k = 1; k <= placements; ++k) {
      const validation v = revalidate(index, family, seat.seat, p.validate_relocated > 0 ? k : 0, w, p, need,
                                      planned.validate_pairs, shared, events);
      margin = std::min(margin, v.check.gain);
      fallback_per_call.insert(fallback_per_call.end(), v.fallback_per_call.begin(), v.fallback_per_call.end());
      if (!v.check.clears) {
        demote(out,
               fmt::format("the {} gave {:.1f}% (paired-ratio bound {}), need {:.1f}%", revalidation_name(p, k),
                           v.check.gain * 100,
                           v.check.ratio_bound ? fmt::format("{:.3f}", *v.check.ratio_bound) : "none", need * 100),
               margin * 100);
        break;
      }
      gains.push_back(fmt::format("{:.1f}%", v.check.gain * 100));
    }
    if (out.outcome != verdict::demoted) out.margin_pct = margin * 100;
    out.drift_pct = (measure::median(fallback_per_call) / measure::median(per_call[family.fallback]) - 1) * 100;
    if (out.outcome != verdict::demoted)
      out.note += fmt::format("; {} {}", placements > 1 ? "relocated re-races" : revalidation_name(p, 1),
                              fmt::join(gains, ", "));
  }
  out.ms = (w.now_s() - started) * 1000;
  return out;
}

}  // namespace tune::race
