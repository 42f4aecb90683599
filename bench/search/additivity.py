#!/usr/bin/python3
"""How much of a landscape's log cost one effect per axis value explains.

Fits log(cost) = c + sum over axes of an effect of the point's value on that axis, by least
squares over every measured point of each tune-search-landscape/1 file, and prints R². Near 1, a
sampler that models each axis on its own (Optuna's TPE) learns the space from a few points; the
rest is interaction between axes, which only measuring neighbours finds (docs/design/spaces.md,
"Against Optuna's samplers"). Needs numpy (Debian's python3-numpy, which python3-optuna brings).

  bench/search/additivity.py <file>.landscape.json...
"""
import json
import sys

import numpy


def r_squared(path):
    with open(path, encoding="utf-8") as f:
        land = json.load(f)
    points = [p for p in land["points"] if "cost" in p]
    y = numpy.log([p["cost"] for p in points])
    columns = [numpy.ones(len(points))]
    for axis, values in land["axes"].items():
        for value in values[1:]:  # the first value of each axis is the intercept's
            columns.append(numpy.array([1.0 if p["values"][axis] == value else 0.0 for p in points]))
    x = numpy.column_stack(columns)
    beta, *_ = numpy.linalg.lstsq(x, y, rcond=None)
    return len(points), 1 - (y - x @ beta).var() / y.var()


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    print("| landscape | points | additive R² of log cost |")
    print("|---|---:|---:|")
    for path in sys.argv[1:]:
        n, r2 = r_squared(path)
        print(f"| {path.rsplit('/', 1)[-1].replace('.landscape.json', '')} | {n} | {r2:.3f} |")


if __name__ == "__main__":
    main()
