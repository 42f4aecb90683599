#!/usr/bin/env python3
"""Writes the tune-plan-landscape/1 files of this folder (docs/execution-plans.md, "Simulated
many-core programs"). Run from anywhere: python3 bench/plan/landscapes/make-landscapes.py

device-16.json: examples/plan-demo --size 768 --steps 8 on the 16-CPU x86-amx VM, from the 120 s
search's report (../shared/measurements/2026-12-04-device/p120.report.json, copied below as
MEASURED: the median objective of each screened point, seconds per window). The report measured
69 of the 3000 points. The rest is modelled: each knob's one-knob factor against the baseline
(measured for 1, 8, 16 threads; 2 and 4 threads of OpenBLAS and OpenMP, and 8 and 16 of FFTW,
interpolated in log2(threads) between the measured neighbours, the last measured value held
beyond them). A point not measured is its nearest measured point (fewest knobs apart; the
baseline when none is nearer) moved by the ratio of the one-knob factors of each knob that
differs, raised to 0.75: measured joint moves gain less than their factors' product, since the
pools share the same CPUs. Measured points keep their measured value. Setup: 0.06 s with FFTW_ESTIMATE,
1.25 s + 0.1 s per doubling of FFTW threads with FFTW_MEASURE (measured 1.2-1.8 s).

synthetic-8.json, synthetic-64.json: a parametric program of three phases (an OpenBLAS call, an
OpenMP loop, an FFT), each Amdahl-scaled in its pool's threads with a per-thread sync cost;
OpenMP threads that spin (wait policy not passive) slow the other two phases in proportion to how
far the pools oversubscribe the CPUs; FFTW_MEASURE makes the FFT 40% faster and costs 1-2 s of
planning; binding helps a small OpenMP pool and hurts a full one. Its best points move four (8
CPUs) and six (64 CPUs) knobs at once. Its work is scaled so that a baseline process takes about
as long as the device's (0.77 s: 8 windows and start-up).

device-16-phases.json, synthetic-8-phases.json, synthetic-64-phases.json: the same programs on a
machine with slow phases ("level_shifts", docs/execution-plans.md "Slow phases of the machine"),
the three of issue 44: 20% of the time 1.5x slower in phases of 10 s on 16 CPUs; 25%, 1.6x, 8 s
with 10% window noise on 8 CPUs; 30%, 1.4x, 5 s on 64 CPUs.
"""
import itertools
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
WAIT = ["unset", "active", "passive"]
BIND = ["unset", "close", "spread", "false"]
PLANNER = ["estimate", "measure"]
ORDER = ["openblas_threads", "omp_threads", "fftw_threads", "fftw_planner", "omp_wait_policy", "omp_proc_bind"]


def powers(n):
    out, k = [], 1
    while k < n:
        out.append(k)
        k *= 2
    return [str(x) for x in out + [n]]


def write(name, cpus, noise, windows, start, knobs, baseline, cost, shifts=None):
    points = []
    names = [k for k in ORDER if k in knobs]
    for combo in itertools.product(*(knobs[k] for k in names)):
        p = dict(zip(names, combo))
        window, setup = cost(p)
        points.append({"knobs": p, "window_s": round(window, 7), "setup_s": round(setup, 4)})
    doc = {"format": "tune-plan-landscape/1", "cpus": cpus, "noise_cv_pct": noise, "windows_per_run": windows,
           "process_start_s": start, "knobs": knobs, "baseline": baseline, "points": points}
    if shifts:
        doc["level_shifts"] = dict(zip(("share_pct", "factor", "mean_s"), shifts))
    # One point per line: small enough to commit, and a change to the model shows as changed lines.
    head = json.dumps({k: v for k, v in doc.items() if k != "points"}, indent=1)[:-2]
    lines = ",\n  ".join(json.dumps(p, separators=(",", ":")) for p in points)
    with open(os.path.join(HERE, name), "w") as f:
        f.write(head + ',\n "points": [\n  ' + lines + "\n ]\n}\n")


# ---- device-16 -------------------------------------------------------------------------------
BASE = {"openblas_threads": "16", "omp_threads": "16", "fftw_threads": "1", "fftw_planner": "estimate",
        "omp_wait_policy": "unset", "omp_proc_bind": "unset"}
T_BASE = 0.0740
MEASURED = {  # p120.report.json: description -> median objective (s per window)
    "openblas_threads=1": 0.1520, "openblas_threads=8": 0.0699, "omp_threads=1": 0.0521, "omp_threads=8": 0.0680,
    "fftw_threads=2": 0.0625, "fftw_threads=4": 0.0560, "fftw_planner=measure": 0.0336,
    "omp_wait_policy=active": 0.1280, "omp_wait_policy=passive": 0.0407, "omp_proc_bind=close": 0.0888,
    "omp_proc_bind=spread": 0.0888, "omp_proc_bind=false": 0.0962,
    "openblas_threads=1, omp_threads=1": 0.1714,
    "openblas_threads=8, omp_threads=1, fftw_threads=4, fftw_planner=measure, omp_wait_policy=passive": 0.0374,
    "openblas_threads=8, omp_threads=8": 0.0476, "openblas_threads=1, fftw_threads=4": 0.1200,
    "openblas_threads=8, fftw_threads=2": 0.0641, "omp_threads=1, fftw_threads=4": 0.0432,
    "omp_threads=8, fftw_threads=2": 0.0378, "fftw_planner=measure, omp_wait_policy=passive": 0.0210,
    "omp_threads=1, fftw_planner=measure": 0.0276, "fftw_threads=4, fftw_planner=measure": 0.0304,
    "fftw_threads=2, fftw_planner=measure": 0.0301, "omp_threads=1, omp_wait_policy=passive": 0.0447,
    "fftw_threads=4, omp_wait_policy=passive": 0.0258, "omp_threads=8, fftw_planner=measure": 0.0480,
    "openblas_threads=8, fftw_planner=measure": 0.0480, "fftw_threads=2, omp_wait_policy=passive": 0.0415,
    "fftw_planner=measure, omp_proc_bind=close": 0.0748, "fftw_planner=measure, omp_proc_bind=spread": 0.0720,
    "omp_threads=8, omp_wait_policy=passive": 0.0500, "openblas_threads=8, omp_wait_policy=passive": 0.0510,
    "fftw_planner=measure, omp_proc_bind=false": 0.0329, "omp_wait_policy=passive, omp_proc_bind=close": 0.0933,
    "omp_wait_policy=passive, omp_proc_bind=spread": 0.0888, "omp_wait_policy=passive, omp_proc_bind=false": 0.0416,
    "fftw_planner=measure, omp_wait_policy=active": 0.0680, "openblas_threads=1, fftw_planner=measure": 0.0768,
    "openblas_threads=1, omp_wait_policy=passive": 0.0923,
    "fftw_threads=4, fftw_planner=measure, omp_wait_policy=passive": 0.0240,
    "omp_threads=1, fftw_planner=measure, omp_wait_policy=passive": 0.0406,
    "fftw_threads=2, fftw_planner=measure, omp_wait_policy=passive": 0.0283,
    "omp_threads=1, fftw_threads=4, omp_wait_policy=passive": 0.0456,
    "omp_threads=8, fftw_planner=measure, omp_wait_policy=passive": 0.0261,
    "openblas_threads=8, fftw_planner=measure, omp_wait_policy=passive": 0.0381,
    "fftw_planner=measure, omp_wait_policy=passive, omp_proc_bind=close": 0.1405,
    "fftw_planner=measure, omp_wait_policy=passive, omp_proc_bind=spread": 0.1365,
    "omp_threads=8, fftw_threads=4, omp_wait_policy=passive": 0.0269,
    "openblas_threads=8, fftw_threads=4, omp_wait_policy=passive": 0.0280,
    "fftw_planner=measure, omp_wait_policy=passive, omp_proc_bind=false": 0.0348,
    "fftw_threads=4, omp_wait_policy=passive, omp_proc_bind=close": 0.1314,
    "fftw_threads=4, omp_wait_policy=passive, omp_proc_bind=spread": 0.1327,
    "fftw_threads=4, omp_wait_policy=passive, omp_proc_bind=false": 0.0270,
    "openblas_threads=1, fftw_planner=measure, omp_wait_policy=passive": 0.0785,
    "openblas_threads=1, fftw_threads=4, omp_wait_policy=passive": 0.1171,
    "fftw_threads=4, omp_wait_policy=active": 0.0760,
    "omp_threads=1, fftw_threads=4, fftw_planner=measure, omp_wait_policy=passive": 0.0261,
    "omp_threads=8, fftw_threads=4, fftw_planner=measure, omp_wait_policy=passive": 0.0207,
    "openblas_threads=8, fftw_threads=4, fftw_planner=measure, omp_wait_policy=passive": 0.0249,
    "fftw_threads=4, fftw_planner=measure, omp_wait_policy=passive, omp_proc_bind=spread": 0.1457,
    "fftw_threads=4, fftw_planner=measure, omp_wait_policy=passive, omp_proc_bind=false": 0.0270,
    "openblas_threads=1, fftw_threads=4, fftw_planner=measure, omp_wait_policy=passive": 0.0747,
    "fftw_threads=4, fftw_planner=measure, omp_wait_policy=active": 0.0719,
    "openblas_threads=8, omp_threads=8, fftw_threads=4, fftw_planner=measure, omp_wait_policy=passive": 0.0245,
    "omp_threads=8, fftw_threads=4, fftw_planner=measure, omp_wait_policy=passive, omp_proc_bind=close": 0.0781,
    "omp_threads=8, fftw_threads=4, fftw_planner=measure, omp_wait_policy=passive, omp_proc_bind=spread": 0.1140,
    "omp_threads=8, fftw_threads=2, fftw_planner=measure, omp_wait_policy=passive": 0.0289,
}


def thread_factor(knob, threads):
    """One-knob factor of a thread count: measured, else interpolated in log2 between measured ones."""
    measured = {int(d.split("=")[1]): t / T_BASE for d, t in MEASURED.items()
                if d.startswith(knob + "=") and "," not in d}
    measured[int(BASE[knob])] = 1.0
    xs = sorted(measured)
    if threads in measured:
        return measured[threads]
    if threads < xs[0]:
        return measured[xs[0]]
    if threads > xs[-1]:
        return measured[xs[-1]]
    lo = max(x for x in xs if x < threads)
    hi = min(x for x in xs if x > threads)
    w = (math.log2(threads) - math.log2(lo)) / (math.log2(hi) - math.log2(lo))
    return math.exp((1 - w) * math.log(measured[lo]) + w * math.log(measured[hi]))


def factor(knob, value):
    if value == BASE[knob]:
        return 1.0
    return thread_factor(knob, int(value)) if knob.endswith("_threads") else MEASURED[knob + "=" + value] / T_BASE


def parse(description):
    p = dict(BASE)
    for part in description.split(", "):
        k, v = part.split("=")
        p[k] = v
    return p


ANCHORS = [(parse(d), t) for d, t in sorted(MEASURED.items())] + [(dict(BASE), T_BASE)]


def device_cost(p):
    setup = 0.06 if p["fftw_planner"] == "estimate" else 1.25 + 0.1 * math.log2(int(p["fftw_threads"]))
    # The nearest measured point (fewest knobs apart), moved by the one-knob factors of the knobs
    # that differ, damped by ^0.75 as measured joint moves gain less than their factors' product.
    def apart(anchor):
        return sum(anchor[k] != p[k] for k in ORDER)
    anchor, t = min(ANCHORS, key=lambda a: apart(a[0]))
    for k in ORDER:
        if anchor[k] != p[k]:
            t *= (factor(k, p[k]) / factor(k, anchor[k])) ** 0.75
    return t, setup


DEVICE_KNOBS = {"openblas_threads": powers(16), "omp_threads": powers(16), "fftw_threads": powers(16),
                "fftw_planner": PLANNER, "omp_wait_policy": WAIT, "omp_proc_bind": BIND}
write("device-16.json", 16, 5.0, 8, 0.1, DEVICE_KNOBS, BASE, device_cost)
# Slow phases (issue 44): 20% of the time slow by 1.5x, in phases of 10 s on average.
write("device-16-phases.json", 16, 5.0, 8, 0.1, DEVICE_KNOBS, BASE, device_cost, (20, 1.5, 10))


# ---- synthetic -------------------------------------------------------------------------------
def synthetic(cpus, work):
    def cost(p):
        ob, omp, ft = int(p["openblas_threads"]), int(p["omp_threads"]), int(p["fftw_threads"])
        blas = work * (0.08 + 0.92 / ob) + 0.00004 * ob
        loop = work * 0.8 * (0.12 + 0.88 / omp) + 0.00005 * omp
        fft = work * 1.2 * (0.15 + 0.85 / ft) * (0.6 if p["fftw_planner"] == "measure" else 1.0) + 0.00006 * ft
        if p["omp_wait_policy"] != "passive":
            spin = (1.5 if p["omp_wait_policy"] == "active" else 1.0) * min(1.0, omp / cpus)
            over = max(0.0, (max(ob, ft) + omp - cpus) / cpus)
            blas *= 1 + spin * (0.3 + over)
            fft *= 1 + spin * (0.3 + over)
        else:
            loop *= 1.05  # waking sleeping threads costs a little at each parallel region
        bind = p["omp_proc_bind"]
        if bind in ("close", "spread"):
            loop *= 0.93 if omp <= cpus // 2 else 1.15
        setup = 0.05 if p["fftw_planner"] == "estimate" else 1.0 + 0.12 * math.log2(ft)
        return blas + loop + fft, setup
    base = {"openblas_threads": str(cpus), "omp_threads": str(cpus), "fftw_threads": "1",
            "fftw_planner": "estimate", "omp_wait_policy": "unset", "omp_proc_bind": "unset"}
    knobs = {"openblas_threads": powers(cpus), "omp_threads": powers(cpus), "fftw_threads": powers(cpus),
             "fftw_planner": PLANNER, "omp_wait_policy": WAIT, "omp_proc_bind": BIND}
    return knobs, base, cost


k, b, c = synthetic(8, 0.025)
write("synthetic-8.json", 8, 3.0, 8, 0.05, k, b, c)
# Slow phases (issue 44): 25% of the time slow by 1.6x in phases of 8 s, and 10% window noise.
write("synthetic-8-phases.json", 8, 10.0, 8, 0.05, k, b, c, (25, 1.6, 8))
k, b, c = synthetic(64, 0.03)
write("synthetic-64.json", 64, 4.0, 8, 0.15, k, b, c)
# Slow phases (issue 44): 30% of the time slow by 1.4x, in phases of 5 s.
write("synthetic-64-phases.json", 64, 4.0, 8, 0.15, k, b, c, (30, 1.4, 5))
