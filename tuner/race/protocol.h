#pragma once
// The knobs of the measurement protocol (docs/measurement.md). Defaults are the protocol; tests and
// the simulation benchmark change them only to study the protocol itself.
#include <cstdint>
#include <optional>
#include <string>

namespace tune::race {

struct protocol {
  // Rule 2: one timed window. 5 ms, not the first design's 20: on a loaded machine fewer short windows are
  // cut by a preemption, so a paired race resolves a small difference in less time; still longer
  // than the 4 ms scheduler tick, so every window spans one and windows stay alike
  // (docs/measurement.md, rule 2).
  double window_ms = 5.0;
  double window_jitter = 0.20;  // rule 2: each window's length is jittered 0..20%
  int screen_rounds = 5;        // rule 3
  int final_rounds = 15;        // rule 5
  int validate_rounds = 20;     // rule 8: >= 10 (ABBA order, so a multiple of 2); 20 so that two
                                // disturbed windows cannot demote a real winner
  // Rules 5 and 8 set minimums; a noisy box needs more paired rounds to see a real gain. Race and
  // re-race each run up to this many paired rounds, scaled by (spread / min_margin)^2 and capped
  // at this value once the spread reaches min_margin (race/rounds.h). Sized with
  // tune-simulate-race so that a gain of twice the need is still found 95% of the time, interval
  // included, in its noisiest scenario (docs/measurement.md, "Simulation").
  int noisy_rounds = 90;
  // Sequential stopping: when the noise raised the plan above the minimums, the final and the
  // re-race are judged at `looks` points (the first at the minimum, final_rounds or
  // validate_rounds, the others evenly up to the plan) and stop as soon as the verdict is certain:
  // a row clears rule 6, or no row can reach the need. Each look tests at alpha / looks
  // (Bonferroni over the looks), so the error rates hold however early a race stops. 1: judged
  // once, at the end of the plan.
  int looks = 3;
  // Rule 8: the re-race times byte-identical copies of the seat and the fallback at other
  // addresses (timer::time_relocated), once at each of this many placements, and the seat must
  // clear at every one, so a speed difference that belongs to an address, not to the code, does
  // not follow it into the re-race. 0: the re-race times the rows themselves. The tune bench sets
  // it to 3 (every row is linked with three relocated copies, tuner/isolate/isolate.h): byte-identical
  // code can run several percent apart at two addresses for seconds at a time, and each placement
  // filters out most of the gaps the one before let through; but each is also one more chance to
  // demote a real gain, and placements beyond three demoted real gains without catching more
  // false ones (docs/measurement.md, rule 8; the experiments: docs/notes/race-real-passes-2026-11.md).
  // 0 here for timers that have no copies.
  int validate_relocated = 0;
  int max_twins = 8;           // rule 4
  double min_margin = 0.03;    // rule 6: need = max(3%, noise floor)
  double alpha = 0.05;         // rule 6: sign-test confidence, Bonferroni over finalists
  int probe_windows = 12;      // rule 9
  int probe_every = 4;         // rule 9: a probe after every N families
  double probe_settle = 0.02;  // rule 9: above this the probe spins, then re-probes
  // Rule 9. 0.5 s, not "a few seconds": a noisy probe on a shared machine is other processes'
  // load, which a longer spin does not settle, while every noisy mint pays for it; half a second
  // still outlasts a governor's ramp to full clock (docs/measurement.md, rule 9).
  double spin_seconds = 0.5;
  double noise_ceiling = 0.10;       // rule 9: TUNE_NOISE_CEILING
  bool noise_override = false;       // rule 9: TUNE_NOISE_OVERRIDE=1
  std::optional<double> budget_s;    // rule 11: BUDGET
  std::string control_file;          // rule 12: TUNE_CONTROL (empty: none)
  std::uint64_t seed = 0x7475'6e65;  // window jitter and row order are deterministic per seed
};

}  // namespace tune::race
