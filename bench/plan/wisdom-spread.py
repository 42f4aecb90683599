#!/usr/bin/env python3
"""How much a plan's FFTW wisdom, not its settings, decides its speed.

One set of settings (--env), K wisdoms each planned by FFTW_MEASURE in a fresh process of the
program, then R interleaved rounds in which every arm runs once, in a shuffled order: each wisdom
under FFTW_WISDOM_ONLY (as `tune plan run` applies a plan), and "fresh", which plans anew in every
process (as the q benchmark's T* does). Prints each arm's median per-window time (the median
window of each process, then the median over processes), its spread, and the spread of the
wisdoms' medians: what a search that keeps the first wisdom it gets leaves to chance.

The program must be built with tune/runtime.h (TUNE_PILOT_OUT, TUNE_FFTW_WISDOM_IN/OUT/ONLY).

  bench/plan/wisdom-spread.py --wisdoms 6 --rounds 15 \\
    --env OMP_NUM_THREADS=2 --env OMP_WAIT_POLICY=passive \\
    --env TUNE_KNOB_FFTW_PLANNER=measure --env TUNE_KNOB_FFTW_THREADS=2 \\
    -- <build>/bench/plan/plan-demo/plan-demo --size 256 --steps 10
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile


def run(command, env, pilot):
    """Runs the program once; its median window in seconds."""
    subprocess.run(command, env={**env, "TUNE_PILOT_OUT": pilot}, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    with open(pilot, encoding="utf-8") as f:
        windows = json.load(f)["windows"]
    return statistics.median((end - start) / 1e9 for start, end in windows)


def mad_pct(values):
    m = statistics.median(values)
    return 100 * statistics.median(abs(v - m) for v in values) / m


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wisdoms", type=int, default=6, help="wisdoms planned, each in its own process")
    parser.add_argument("--rounds", type=int, default=15, help="interleaved rounds over every arm")
    parser.add_argument("--env", action="append", default=[], help="KEY=VALUE of the settings, repeated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the program after --")
    env = dict(os.environ)
    for item in args.env:
        key, sep, value = item.partition("=")
        if not sep:
            parser.error(f"--env {item}: write KEY=VALUE")
        env[key] = value
    for key in ("TUNE_FFTW_WISDOM_IN", "TUNE_FFTW_WISDOM_OUT", "TUNE_FFTW_WISDOM_ONLY"):
        env.pop(key, None)

    with tempfile.TemporaryDirectory(prefix="wisdom-spread-") as scratch:
        pilot = os.path.join(scratch, "pilot.json")
        arms = {"fresh": env}
        for k in range(1, args.wisdoms + 1):
            wisdom = os.path.join(scratch, f"w{k}.wisdom")
            run(command, {**env, "TUNE_FFTW_WISDOM_OUT": wisdom}, pilot)
            arms[f"wisdom {k}"] = {**env, "TUNE_FFTW_WISDOM_IN": wisdom, "TUNE_FFTW_WISDOM_ONLY": "1"}
        samples = {name: [] for name in arms}
        rng = random.Random(args.seed)
        load_before = os.getloadavg()[0]
        for _ in range(args.rounds):
            order = list(arms)
            rng.shuffle(order)
            for name in order:
                samples[name].append(run(command, arms[name], pilot))
        load_after = os.getloadavg()[0]

    print(f"Program: `{' '.join(command)}`; settings: {', '.join(args.env) or 'the environment as it is'}.")
    print(f"{args.wisdoms} wisdoms, {args.rounds} interleaved rounds; load average {load_before:.2f} -> "
          f"{load_after:.2f}.\n")
    print("| arm | median s/window | MAD % | fastest s/window |")
    print("|---|---:|---:|---:|")
    for name, values in samples.items():
        print(f"| {name} | {statistics.median(values):.6f} | {mad_pct(values):.1f} | {min(values):.6f} |")
    medians = [statistics.median(v) for name, v in samples.items() if name != "fresh"]
    fresh = statistics.median(samples["fresh"])
    print(f"\nWisdoms' medians: {min(medians):.6f} to {max(medians):.6f} s/window "
          f"({100 * (max(medians) / min(medians) - 1):.1f}% apart); fresh planning {fresh:.6f}; "
          f"the best wisdom is {100 * (1 - min(medians) / fresh):.1f}% faster than fresh planning, "
          f"the worst {100 * (max(medians) / fresh - 1):.1f}% slower.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
