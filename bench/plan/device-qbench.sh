#!/usr/bin/env bash
# The real q benchmark (bench/plan/qbench.cpp) on a many-core Linux machine, sized to finish in
# 8 minutes on 16 cores: examples/plan-demo --size 256 --steps 10, every point of the search's
# space measured once (omp_proc_bind fixed to false by the environment, which leaves 750 points on
# 16 CPUs: 5 × 5 × 5 thread counts, 2 planners, 3 wait policies), three 30 s searches, then a final
# pass over the best four, the selected points and the baseline. A 10 s `tune plan search` with the
# default busy threshold runs first: on an idle machine it must not end machine_busy.
#
#   OUT=/some/folder bash bench/plan/device-qbench.sh      # from the repository root
#
# Writes $OUT/qbench.txt (the table, the conditions, the busy check's result), $OUT/qbench.md,
# $OUT/qbench.json and $OUT/qbench-log.txt. Needs the packages of scripts/install-deps.sh up to
# pkg-config (no network is needed when they are installed); builds build/release if absent.
# On a machine without them, build the three programs elsewhere and set BIN_DIR to a folder holding
# tune, tune-plan-qbench and plan-demo (and LD_LIBRARY_PATH to their shared libraries): nothing is
# built then.
set -uo pipefail
: "${OUT:?set OUT to the folder the results go to}"
cd "$(dirname "$0")/../.."
start=$SECONDS
log="$OUT/qbench-log.txt"
txt="$OUT/qbench.txt"
mkdir -p "$OUT"
{
  echo "device-qbench: $(date -u +%FT%TZ) $(git rev-parse --short HEAD 2>/dev/null) $(nproc) CPUs, $(uname -r)"
  grep -m1 'model name' /proc/cpuinfo
  echo "load average before: $(cat /proc/loadavg)"
} | tee "$txt"

if [[ -n "${BIN_DIR:-}" ]]; then
  demo="$BIN_DIR/plan-demo" tune="$BIN_DIR/tune" qbench="$BIN_DIR/tune-plan-qbench"
  echo "programs from $BIN_DIR (built elsewhere)" | tee -a "$txt"
else
  missing=()
  for p in cmake ninja-build g++ nlohmann-json3-dev libfmt-dev libcli11-dev libssl-dev doctest-dev libfftw3-dev \
           libopenblas-dev libomp-dev pkg-config; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  ((${#missing[@]})) && echo "device-qbench: packages missing (scripts/install-deps.sh installs them): ${missing[*]}" | tee -a "$txt"

  if [[ ! -f build/release/build.ninja ]]; then
    cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DTUNE_BUILD_BENCHMARKS=ON -DTUNE_BUILD_TESTS=OFF \
      -DTUNE_BUILD_KERNELS=OFF -DTUNE_POLICY=fallback >>"$log" 2>&1 || { echo "device-qbench: configure failed, see qbench-log.txt" | tee -a "$txt"; exit 1; }
  fi
  cmake --build build/release -j "$(nproc)" --target tune_cli tune-plan-qbench plan-demo >>"$log" 2>&1 ||
    { echo "device-qbench: build failed, see qbench-log.txt" | tee -a "$txt"; tail -30 "$log" >>"$txt"; exit 1; }
  echo "build done at $((SECONDS - start)) s" | tee -a "$txt"
  demo=build/release/bench/plan/plan-demo/plan-demo
  tune=$(find build/release/tuner -maxdepth 2 -type f -name tune -perm -u+x | head -1)
  qbench=build/release/bench/plan/tune-plan-qbench
fi
demo=$(realpath "$demo") tune=$(realpath "$tune") qbench=$(realpath "$qbench")
scratch=$(mktemp -d)

# The busy check (tuner/plan/clock.cpp) on this idle machine: a search with the default threshold.
(cd "$scratch" && timeout 40 "$tune" plan search --budget 10 --no-cache --plan busy.plan.json \
   --report busy.report.json -- "$demo" --size 256 --steps 10) >"$scratch/busy.txt" 2>&1
cat "$scratch/busy.txt" >>"$log"
if grep -q 'machine_busy' "$scratch/busy.txt"; then
  echo "busy check: machine_busy ($(grep -m1 -o 'busy before.*' "$scratch/busy.txt")), load $(cut -d' ' -f1-3 /proc/loadavg)"
else
  echo "busy check: not busy; the 10 s search ran: $(grep -m1 '^tune plan: [a-z_]*:' "$scratch/busy.txt" | cut -c1-160)"
fi | tee -a "$txt"

# Leave 20 s for writing up; the qbench is killed past that (its log then shows how far it got).
left=$((470 - (SECONDS - start)))
searches=3
((left < 360)) && searches=2  # a build that took long leaves less for the searches (30 s each)
echo "qbench starts at $((SECONDS - start)) s with $left s left, $searches searches" | tee -a "$txt"
(cd "$scratch" && OMP_PROC_BIND=false timeout "$left" "$qbench" \
   --budgets 30 --searches "$searches" --rounds 1 --final-rounds 3 --final-best 4 --busy-threshold 1 \
   --out "$OUT/qbench.md" --json "$OUT/qbench.json" -- "$demo" --size 256 --steps 10) >>"$log" 2>&1
rc=$?
{
  echo "qbench exit $rc after $((SECONDS - start)) s (124: stopped at the time limit)"
  grep '^qbench: \(T\*\|exhaustive best\|[0-9]* points\)' "$log"
  grep '^qbench: budget' "$log"
  [[ -f "$OUT/qbench.md" ]] && cat "$OUT/qbench.md"
  echo "load average after: $(cat /proc/loadavg)"
} | tee -a "$txt"
rm -rf "$scratch"
