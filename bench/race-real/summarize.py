#!/usr/bin/env python3
"""Goal tables from the --log files of tune-race-real and tune-race-studies arms (one JSON object
per mint).

A run of several protocol arms (tune-race-studies arms, compared mint by mint) gets one table per arm.

tune-race-real's own table counts wins among the mints the noise ceiling let through. With
--override every mint races, so one run also answers what the ceiling buys; and recovery is
judged per mint: a planted gain counts only in mints whose closing need (max(3%, the mint's noise
floor)) is at most half of it, as in bench/simulate. This prints both.

    python3 bench/race-real/summarize.py [--min-margin PCT] LABEL=run.jsonl [LABEL=run.jsonl ...]

--min-margin is the run's protocol minimum (tune-race-studies arms --min-margin, as a percentage; default 3).
"""
import json
import math
import statistics
import sys

# The work a hit row saves: a row doing fraction g less work is 1/(1-g) - 1 faster than the fallback.
# The mixed 12-row grid's hits are its two best rows (82% and 80% of the work); the smaller saving counts.
PLANTED = {"planted 5%": 0.05, "planted 10%": 0.10, "planted 20%": 0.20, "planted 50%": 0.50}
HITS = {"12 rows, mixed": {"w82", "w80"}}
SAVED = dict(PLANTED, **{"12 rows, mixed": 0.18})
DEFAULT_MIN_MARGIN_PCT = 3.0


def beta_ppf(q, a, b):
    """Inverse of the regularized incomplete beta function, by bisection (exact enough for %)."""
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if betainc(a, b, mid) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def betainc(a, b, x):
    """Regularized incomplete beta I_x(a, b) by its continued fraction (Numerical Recipes)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x))
    if x > (a + 1) / (a + b + 2):
        return 1 - betainc(b, a, 1 - x)
    f, c, d = 1.0, 1.0, 0.0
    for i in range(400):
        m = i // 2
        if i == 0:
            num = 1.0
        elif i % 2 == 0:
            num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        else:
            num = -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1))
        d = 1 + num * d
        d = 1 / (d if abs(d) > 1e-300 else 1e-300)
        c = 1 + num / (c if abs(c) > 1e-300 else 1e-300)
        f *= c * d
        if abs(1 - c * d) < 1e-12:
            break
    return front * (f - 1) / a


def rate(k, n):
    """k/n with its Clopper-Pearson 95% interval, in percent."""
    if n == 0:
        return "none decided"
    lo = 0.0 if k == 0 else beta_ppf(0.025, k, n - k + 1)
    hi = 1.0 if k == n else beta_ppf(0.975, k + 1, n - k)
    return f"{k}/{n} = {100 * k / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def is_hit(job, family):
    if family["verdict"] != "won":
        return False
    if job in PLANTED:
        return family["winner"] == "planted"
    if job in HITS:
        return family["winner"] in HITS[job]
    return True  # identical rows: any win is a false win


def summarize(label, mints, min_margin_pct):
    jobs = []
    for m in mints:
        if m["job"] not in jobs:
            jobs.append(m["job"])
    print(f"### {label}\n")
    print("| family | mints | the ceiling would refuse | wins, mints the ceiling lets through | wins, every mint "
          "(override) | recovery where gain >= 2x closing need: let through / every mint | mint s median (p90), "
          "let through | ms per row, median |")
    print("|---|---|---|---|---|---|---|---|")
    for job in jobs:
        rows = [m for m in mints if m["job"] == job]
        refused = [m for m in rows if m["status"] == "noise_refused" or m["overridden"]]
        decided = [m for m in rows if m["status"] == "ok" and m["families"]]
        passed = [m for m in decided if not m["overridden"]]
        wins_passed = sum(is_hit(job, m["families"][0]) for m in passed)
        wins_all = sum(is_hit(job, m["families"][0]) for m in decided)
        qualifying = "-"
        if job in SAVED:
            gain_pct = (1 / (1 - SAVED[job]) - 1) * 100

            def qualifies(m):
                return gain_pct >= 2 * max(min_margin_pct, m["noise_floor_pct"])

            q_passed = [m for m in passed if qualifies(m)]
            q_all = [m for m in decided if qualifies(m)]
            if gain_pct < 2 * min_margin_pct:
                qualifying = f"- ({gain_pct:.1f}% is under twice the {min_margin_pct:g}% minimum)"
            else:
                qualifying = (f"{rate(sum(is_hit(job, m['families'][0]) for m in q_passed), len(q_passed))} / "
                              f"{rate(sum(is_hit(job, m['families'][0]) for m in q_all), len(q_all))}")
        seconds = sorted(m["ms"] / 1000 for m in passed)
        p90 = seconds[min(len(seconds) - 1, int(0.9 * (len(seconds) - 1) + 0.5))] if seconds else float("nan")
        rows_per = len(decided[0]["families"][0]["rows"]) if decided else 1
        print(f"| {job} | {len(rows)} | {rate(len(refused), len(rows))} | {rate(wins_passed, len(passed))} | "
              f"{rate(wins_all, len(decided))} | {qualifying} | {median(seconds):.2f} ({p90:.2f}) | "
              f"{1000 * median(seconds) / rows_per:.0f} |")
    print()
    # The sensitive measure of a re-race: among identical-row mints whose final crowned a copy, how
    # many the re-race confirmed. Were the copies equally fast, the sign test would confirm at most
    # alpha / 2 of them.
    for job in ("A/A", "12 rows, identical"):
        reraced = [m for m in mints if m["job"] == job and m["status"] == "ok" and m["families"]
                   and "re-race" in m["families"][0]["note"]]
        if reraced:
            confirmed = sum("demoted: the" not in m["families"][0]["note"] for m in reraced)
            print(f"{job}: copies crowned by the final and re-raced, confirmed by the re-race: "
                  f"{rate(confirmed, len(reraced))}\n")
    false_wins = [m for m in mints if m["job"] in ("A/A", "12 rows, identical") and m["status"] == "ok"
                  and m["families"] and m["families"][0]["verdict"] == "won"]
    if false_wins:
        print("False wins: the race's and the re-race's gain (fresh samples), the mint's noise floor:\n")
        for m in false_wins:
            f = m["families"][0]
            print(f"- {m['job']}: {f['note']} (floor {m['noise_floor_pct']:.1f}%"
                  f"{', overridden' if m['overridden'] else ''})")
        print()


def main(argv):
    args = argv[1:]
    min_margin_pct = DEFAULT_MIN_MARGIN_PCT
    if args[:1] == ["--min-margin"]:
        if len(args) < 2:
            sys.exit("summarize.py: --min-margin needs a percentage, e.g. --min-margin 6")
        try:
            min_margin_pct = float(args[1])
        except ValueError:
            sys.exit(f"summarize.py: --min-margin '{args[1]}' is not a number; pass a percentage, e.g. 6")
        args = args[2:]
    if not args:
        sys.exit(__doc__)
    for arg in args:
        label, _, path = arg.partition("=")
        if not path:
            sys.exit(f"summarize.py: '{arg}' is not LABEL=path; pass e.g. idle=idle.jsonl")
        mints = load(path)
        # Each mint's log line names its protocol arm: one table per arm, in the run's order.
        arms = []
        for m in mints:
            if m.get("arm", "base") not in arms:
                arms.append(m.get("arm", "base"))
        for arm in arms:
            summarize(label if len(arms) == 1 else f"{label}, {arm}",
                      [m for m in mints if m.get("arm", "base") == arm], min_margin_pct)


if __name__ == "__main__":
    main(sys.argv)
