#!/usr/bin/env bash
# The main job: installs what it needs, builds the shipped kernel families, tunes them on this
# machine and prints the status table.   BUILD_DIR (default build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build="${BUILD_DIR:-build/release}"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTUNE_BUILD_TESTS=OFF -DTUNE_BUILD_BENCHMARKS=OFF
cmake --build "$build" --target tune
cmake --build "$build" --target tune_demo tune-status
