#!/usr/bin/python3
# compare.py: the search strategies against Optuna's samplers on the same landscapes, budgets and
# seeds (issue 45; docs/design/spaces.md "Against Optuna's samplers").
#
#   bench/search/compare.py --landscape <file>... [--budget-pct 2,5,10] [--seeds 25] [--json <out>]
#                           [--samplers tpe,tpe-scaled,cmaes,nsga2]
#
# A landscape is a tune-search-landscape/1 file (docs/schemas/tune-search-landscape-1.schema.json):
# `tune space export` writes one from a family's race, `tune-search-bench --write-planted <dir>`
# the planted spaces. `auto` and `random` run in tune-search-bench (found as TUNE_SEARCH_BENCH, else
# in build/*/bench/search/ of this repository); Optuna's samplers run here, from Debian's
# python3-optuna, which lives in /usr/bin/python3 whatever python3 comes first on PATH.
#
# Budget: unique valid points measured, a budget_pct share of the space. A point the landscape
# does not list breaks the constraints: a failed trial that costs nothing but is counted, and a
# search stops after 20 times its budget in trials. A point proposed again is answered with its
# first measurement. Each measurement is the point's cost times lognormal noise of the landscape's
# noise_cv_pct, from a generator seeded by the seed. Each strategy seats the point whose
# measurement was lowest; q = the optimum's cost / the seat's true cost.
#
# Samplers: tpe (TPESampler, defaults), tpe-scaled (multivariate, startup trials ~20% of the
# budget), cmaes (CmaEsSampler with margin) and nsga2 (NSGAIISampler, population ~ a tenth of the
# budget, at least 4). Encoding: an axis whose values are all numbers is an integer index
# (suggest_int over 0..n-1, the values' declared order), which CMA-ES searches; any other axis (ISA,
# a layout) is categorical (suggest_categorical), which CMA-ES hands to its independent sampler.
#
# The P score (Willemsen et al., FGCS 2024): (E_random - mean seat cost) / (E_random - optimum),
# E_random the expected best true cost of random search without replacement at the same budget,
# computed exactly over the valid points: 0 is random search's expectation, 1 the optimum. Beside
# it, its standard error over the seeds (p_score_se): the seats' cost spread, scaled as P is.
import argparse
import glob
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import warnings

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fail(message):
    print(f"compare.py: {message}", file=sys.stderr)
    sys.exit(2)


def search_bench():
    found = os.environ.get("TUNE_SEARCH_BENCH") or next(
        iter(sorted(glob.glob(os.path.join(REPO, "build", "*", "bench", "search", "tune-search-bench")))), None)
    if not found or not os.access(found, os.X_OK):
        fail("tune-search-bench not found: build cmake-tune with its benchmarks, or set TUNE_SEARCH_BENCH")
    return found


class Landscape:
    def __init__(self, path):
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            fail(f"cannot read the landscape {path}: {e}")
        if doc.get("format") != "tune-search-landscape/1":
            fail(f"{path} is not a tune-search-landscape/1 file")
        self.path = path
        self.axes = [(name, [str(v) for v in values]) for name, values in doc["axes"].items()]
        self.noise = float(doc.get("noise_cv_pct", 0)) / 100
        self.cost = {}  # point (tuple of value texts) -> true cost, None when failed
        for p in doc["points"]:
            key = tuple(str(p["values"][name]) for name, _ in self.axes)
            self.cost[key] = None if p.get("failed") else float(p["cost"])
        valid = sorted(c for c in self.cost.values() if c is not None)
        self.optimum = valid[0]
        self.worst = valid[-1]
        self.sorted_costs = valid
        self.failed_cost = self.worst  # a seat that failed to build ships nothing better

    def expected_random_best(self, budget):
        """E[min true cost] of `budget` draws without replacement among the listed points, a failed
        point counting as the worst: P(the i-th smallest is the min) = C(N-1-i, b-1) / C(N, b)."""
        costs = sorted(c if c is not None else self.failed_cost for c in self.cost.values())
        n, b = len(costs), min(budget, len(costs))
        total, log_all = 0.0, math.lgamma(n + 1) - math.lgamma(b + 1) - math.lgamma(n - b + 1)
        for i, c in enumerate(costs):
            rest = n - 1 - i
            if rest < b - 1:
                break
            log_k = math.lgamma(rest + 1) - math.lgamma(b) - math.lgamma(rest - b + 2)
            total += c * math.exp(log_k - log_all)
        return total


def run_optuna(land, sampler_name, budget, seed):
    import optuna  # Debian's python3-optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    numeric = [all(_is_number(v) for v in values) for _, values in land.axes]
    if sampler_name == "tpe":
        sampler = optuna.samplers.TPESampler(seed=seed)
    elif sampler_name == "tpe-scaled":
        sampler = optuna.samplers.TPESampler(seed=seed, multivariate=True,
                                             n_startup_trials=max(2, round(0.2 * budget)))
    elif sampler_name == "cmaes":
        # Unordered axes are categorical, which CMA-ES hands to its independent sampler by design
        # (the header above); its warning on every such trial says only that.
        sampler = optuna.samplers.CmaEsSampler(seed=seed, with_margin=True, warn_independent_sampling=False)
    elif sampler_name == "nsga2":
        sampler = optuna.samplers.NSGAIISampler(seed=seed, population_size=max(4, budget // 10))
    else:
        fail(f"unknown sampler {sampler_name}")
    study = optuna.create_study(sampler=sampler, direction="minimize")
    noise = random.Random(seed * 7919 + 17)
    sigma = math.sqrt(math.log(1 + land.noise * land.noise))
    measured = {}  # point -> measured cost (math.inf when it failed)
    trials = breakers = 0
    while len(measured) < budget and trials < 20 * budget:
        trial = study.ask()
        point = tuple(values[trial.suggest_int(name, 0, len(values) - 1)] if num else
                      trial.suggest_categorical(name, values)
                      for (name, values), num in zip(land.axes, numeric))
        trials += 1
        if point not in land.cost:
            breakers += 1
            study.tell(trial, state=optuna.trial.TrialState.FAIL)
            continue
        if point not in measured:
            true = land.cost[point]
            measured[point] = math.inf if true is None else true * math.exp(sigma * noise.gauss(0, 1))
        value = measured[point]
        if math.isinf(value):
            study.tell(trial, state=optuna.trial.TrialState.FAIL)
        else:
            study.tell(trial, value)
    seat = min((p for p in measured if not math.isinf(measured[p])), key=lambda p: measured[p], default=None)
    cost = land.cost[seat] if seat is not None else land.worst
    return cost, trials, breakers


def _is_number(text):
    try:
        float(text)
        return True
    except ValueError:
        return False


def summary(land, costs):
    qs = [land.optimum / c for c in costs]
    return {"q_median": statistics.median(qs), "q_worst": min(qs),
            "within_3pct": sum(q >= 0.97 for q in qs) / len(qs), "cost_mean": statistics.fmean(costs),
            "cost_sd": statistics.stdev(costs) if len(costs) > 1 else 0.0}


def p_score(land, budget, cost_mean):
    expected = land.expected_random_best(budget)
    if expected <= land.optimum:
        return 1.0
    return (expected - cost_mean) / (expected - land.optimum)


def p_score_se(land, budget, cost_sd, seeds):
    # The standard error of the seats' mean cost over the seeds, on the P score's scale: two
    # strategies whose scores differ by less than about twice it are not told apart by these seeds.
    expected = land.expected_random_best(budget)
    if expected <= land.optimum:
        return 0.0
    return cost_sd / math.sqrt(seeds) / (expected - land.optimum)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--landscape", nargs="+", required=True)
    ap.add_argument("--budget-pct", default="2,5,10")
    ap.add_argument("--seeds", type=int, default=25)
    ap.add_argument("--samplers", default="tpe,tpe-scaled,cmaes,nsga2")
    ap.add_argument("--json")
    a = ap.parse_args()
    pcts = [float(p) for p in a.budget_pct.split(",")]
    samplers = [s for s in a.samplers.split(",") if s]
    bench = search_bench()
    out = {"landscapes": []}
    for path in a.landscape:
        land = Landscape(path)
        points = len(land.cost)
        with tempfile.TemporaryDirectory() as tmp:
            ours = os.path.join(tmp, "ours.json")
            subprocess.run([bench, "--landscape", path, "--strategies", "auto,random", "--budget-pct", a.budget_pct,
                            "--seeds", str(a.seeds), "--json", ours], check=True, stdout=subprocess.DEVNULL)
            with open(ours, encoding="utf-8") as f:
                ours = json.load(f)["landscapes"][0]["results"]
        results = []
        for r in ours:
            budget = max(1, int(r["budget_pct"] / 100 * points + 0.5))
            # The seat's true cost per seed, from its q.
            s = summary(land, [land.optimum / q for q in r["q_seeds"]])
            results.append({"strategy": r["strategy"], "budget_pct": r["budget_pct"], "q_median": r["q_median"],
                            "q_worst": r["q_worst"], "within_3pct": r["within_3pct"],
                            "p_score": p_score(land, budget, r["cost_mean"]),
                            "p_score_se": p_score_se(land, budget, s["cost_sd"], a.seeds)})
        for pct in pcts:
            budget = max(1, int(pct / 100 * points + 0.5))
            for name in samplers:
                runs = [run_optuna(land, name, budget, seed) for seed in range(1, a.seeds + 1)]
                s = summary(land, [c for c, _, _ in runs])
                results.append({"strategy": name, "budget_pct": pct, "q_median": s["q_median"],
                                "q_worst": s["q_worst"], "within_3pct": s["within_3pct"],
                                "p_score": p_score(land, budget, s["cost_mean"]),
                                "p_score_se": p_score_se(land, budget, s["cost_sd"], a.seeds),
                                "breakers_median": statistics.median(b for _, _, b in runs)})
        results.sort(key=lambda r: (r["budget_pct"], r["strategy"]))
        out["landscapes"].append({"file": path, "points": points, "results": results})
        print(f"\n{path}: {points} points, {a.seeds} seeds")
        print("| strategy | budget | median q | worst q | within 3% | P score ± se |")
        print("|---|---:|---:|---:|---:|---:|")
        for r in results:
            print(f"| {r['strategy']} | {r['budget_pct']:g}% | {r['q_median']:.3f} | {r['q_worst']:.3f} | "
                  f"{100 * r['within_3pct']:.0f}% | {r['p_score']:.2f} ± {r['p_score_se']:.2f} |")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
