#!/usr/bin/env python3
"""Whether a plan's FFTW wisdom, or only when its windows are timed, decides its measured speed.

One set of settings (--env), K wisdoms each planned by FFTW_MEASURE in a fresh process of the
program, then R interleaved rounds in which every arm runs once, in a shuffled order: each wisdom
under FFTW_WISDOM_ONLY (as `tune plan run` applies a plan), and "fresh", which plans anew in every
process. Prints, per arm, the median over processes of each process's median window after the
first (what the search times), its spread, the median of each process's later half of windows,
and the process's wall time. A replaying process starts its windows tens of milliseconds after
exec; a planning one after its planning has run the transforms for hundreds: with a short pilot
the two differ by warm-up, which the later half of a long pilot (--steps 200) shows apart from
the wisdom itself. The plans column labels each distinct set of plans FFTW printed
(fftw_sprint_plan, through tune::fftw::planned): how many replays of a wisdom were the plans it
was made with, under the same wisdom key, and how often planning anew chose each set. --json
writes every arm's per-process times and plans.

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
import time


KEY = ("planner_threads", "effort", "threads_ready", "in_place", "in_align", "out_align")


def run(command, env, pilot):
    """Runs the program once: its median window after the first (as the search times a process),
    the median of its later half of windows, the process's wall time in seconds, and the FFTW
    plans it reported (name -> the plan FFTW printed and the parts of its wisdom key)."""
    start = time.perf_counter()
    subprocess.run(command, env={**env, "TUNE_PILOT_OUT": pilot}, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    with open(pilot, encoding="utf-8") as f:
        report = json.load(f)
    windows = [(end - begin) / 1e9 for begin, end in report["windows"]]
    plans = {p["name"]: (p.get("plan"), tuple(p.get(k) for k in KEY)) for p in report["fftw_plans"]}
    return statistics.median(windows[1:] or windows), statistics.median(windows[len(windows) // 2:]), wall, plans


def plan_texts(runs):
    """Each process's plans, as FFTW printed them, in run order."""
    return [{name: plan[0] for name, plan in r[3].items()} for r in runs]


def plans_column(name, runs, made, labels):
    """How the arm's processes planned, each distinct set of plans labelled P1, P2, ... in the
    order first seen: for a wisdom, the set its wisdom was made with and how many replays were
    that set under the same wisdom key; planning anew, how often it chose each set."""
    def label(plans):
        key = tuple(sorted((n, p[0]) for n, p in plans.items()))
        return labels.setdefault(key, f"P{len(labels) + 1}")
    if name in made:
        same = sum(1 for r in runs if r[3] == made[name])
        return f"{label(made[name])}, {same}/{len(runs)} replays as made"
    counts = {}
    for r in runs:
        counts[label(r[3])] = counts.get(label(r[3]), 0) + 1
    return ", ".join(f"{k}×{v}" for k, v in sorted(counts.items()))


def replay_differences(name, runs, made):
    """A line for each plan of a wisdom arm that was replayed otherwise than it was made."""
    lines = []
    for plan, (text, key) in made.items():
        for r in runs:
            got_text, got_key = r[3].get(plan, (None, None))
            if got_key != key:
                lines.append(f"{name}: '{plan}' replayed under another wisdom key: "
                             f"{dict(zip(KEY, got_key or ()))} against {dict(zip(KEY, key))}")
                break
            if got_text != text:
                lines.append(f"{name}: '{plan}' replayed as another plan:\n  made:     {text!r}\n  replayed: {got_text!r}")
                break
    return lines


def search_plan(tune, budget, command, env, scratch):
    """Runs `tune plan search` on the program as a user would and reads back the plan: its
    settings applied to `env` as the launcher applies them (tuner/plan/launcher.cpp; the CPU
    affinity is left alone), its wisdom file, and the plans its fresh-process re-check made."""
    plan_file, report_file = os.path.join(scratch, "plan.json"), os.path.join(scratch, "report.json")
    subprocess.run([tune, "plan", "search", "--budget", str(budget), "--no-cache", "--busy-threshold", "1",
                    "--plan", plan_file, "--report", report_file, "--", *command],
                   env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(plan_file, encoding="utf-8") as f:
        plan = json.load(f)
    with open(report_file, encoding="utf-8") as f:
        report = json.load(f)
    applied = {k: v for k, v in env.items() if k not in plan["settings"]["unset"]}
    applied.update(plan["settings"]["set"])
    wisdom = plan.get("fftw_wisdom")
    recheck = [r for r in report["runs"] if r["role"] == "recheck" and r["status"] == "ok"]
    made = {p["name"]: (p.get("plan"), tuple(p.get(k) for k in KEY)) for p in recheck[-1]["fftw_plans"]} \
        if recheck else {}
    return {"status": report["status"], "note": report["fftw_wisdom"]["note"] or report["stop_reason"],
            "settings": ", ".join(f"{k}={v}" for k, v in sorted(plan["settings"]["set"].items())),
            "env": applied, "made": made,
            "wisdom": os.path.join(os.path.dirname(plan_file), wisdom["file"]) if wisdom else None}


def mad_pct(values):
    m = statistics.median(values)
    return 100 * statistics.median(abs(v - m) for v in values) / m


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wisdoms", type=int, default=6, help="wisdoms planned, each in its own process")
    parser.add_argument("--rounds", type=int, default=15, help="interleaved rounds over every arm")
    parser.add_argument("--env", action="append", default=[], help="KEY=VALUE of the settings, repeated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="write each arm's times and plans to FILE")
    parser.add_argument("--as-plan", metavar="TUNE",
                        help="run `TUNE plan search` on the program first and race the plan's kept wisdom, "
                             "applied as `tune plan run` applies it, against planning anew with its settings")
    parser.add_argument("--budget", type=float, default=30, help="the search's budget with --as-plan (seconds)")
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
        made = {}  # wisdom arm -> the plans of the process that made its wisdom
        search = None
        if args.as_plan:
            search = search_plan(args.as_plan, args.budget, command, env, scratch)
            if not search["wisdom"]:
                print(f"The search kept no FFTW wisdom (status {search['status']}): {search['note']}")
                return 1
            arms = {"fresh": search["env"],
                    "kept wisdom": {**search["env"], "TUNE_FFTW_WISDOM_IN": search["wisdom"],
                                    "TUNE_FFTW_WISDOM_ONLY": "1"}}
            made["kept wisdom"] = search["made"]
        for k in range(1, 0 if args.as_plan else args.wisdoms + 1):
            wisdom = os.path.join(scratch, f"w{k}.wisdom")
            made[f"wisdom {k}"] = run(command, {**env, "TUNE_FFTW_WISDOM_OUT": wisdom}, pilot)[3]
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

    settings = search["settings"] if search else ", ".join(args.env) or "the environment as it is"
    print(f"Program: `{' '.join(command)}`; settings: {settings}.")
    if search:
        print(f"The plan of `tune plan search --budget {args.budget:g}` ({search['status']}); its wisdom: "
              f"{search['note']}.")
    print(f"{len(made)} wisdoms, {args.rounds} interleaved rounds; load average {load_before:.2f} -> "
          f"{load_after:.2f}.\n")
    print("| arm | median s/window | MAD % | fastest s/window | later half s/window | process wall ms | plans |")
    print("|---|---:|---:|---:|---:|---:|---|")
    arms_json = []
    labels = {}
    for name in made:
        plans_column(name, samples[name], made, labels)  # wisdoms' sets labelled first
    for name, runs in samples.items():
        values = [r[0] for r in runs]
        later = statistics.median(r[1] for r in runs)
        wall = 1000 * statistics.median(r[2] for r in runs)
        print(f"| {name} | {statistics.median(values):.6f} | {mad_pct(values):.1f} | {min(values):.6f} | "
              f"{later:.6f} | {wall:.0f} | {plans_column(name, runs, made, labels)} |")
        arms_json.append({"arm": "fresh" if name == "fresh" else "kept wisdom" if name == "kept wisdom" else name,
                          "median_s_per_window": statistics.median(values), "mad_pct": mad_pct(values),
                          "per_process_s_per_window": values, "per_process_wall_s": [r[2] for r in runs],
                          "plans": plan_texts(runs),
                          "made_with": {n: p[0] for n, p in made[name].items()} if name in made else None})
    medians = [statistics.median(r[0] for r in runs) for name, runs in samples.items() if name != "fresh"]
    fresh = statistics.median(r[0] for r in samples["fresh"])
    if search:
        print(f"\nThe kept wisdom's median is {medians[0] / fresh:.3f} × planning anew's.")
    print(f"\nWisdoms' medians: {min(medians):.6f} to {max(medians):.6f} s/window "
          f"({100 * (max(medians) / min(medians) - 1):.1f}% apart); fresh planning {fresh:.6f}; "
          f"the best wisdom is {100 * (1 - min(medians) / fresh):.1f}% faster than fresh planning, "
          f"the worst {100 * (max(medians) / fresh - 1):.1f}% slower.")
    for name in made:
        for line in replay_differences(name, samples[name], made[name]):
            print(line)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"program": command, "settings": settings, "rounds": args.rounds,
                       "search": {k: search[k] for k in ("status", "note")} if search else None,
                       "load_average": [load_before, load_after], "arms": arms_json}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
