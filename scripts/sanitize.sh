#!/usr/bin/env bash
# The tool under AddressSanitizer and UndefinedBehaviorSanitizer, then its readers under libFuzzer
# (issue 14): builds cmake-tune with Clang in its own tree, runs the unit tests, the plan tests and
# the CLI's end-to-end tests there, then every fuzz harness (tests/fuzz/) side by side, about
# FUZZ_SECONDS of a CPU each, from its seed corpus, and prints executions, coverage and findings
# per harness. Exits non-zero on any sanitizer report, failed test or fuzz finding.
#   SANITIZE_DIR (default build/sanitize)   FUZZ_SECONDS (default 60)   JOBS (default: all cores)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build="${SANITIZE_DIR:-build/sanitize}"
seconds="${FUZZ_SECONDS:-60}"
jobs="${JOBS:-$(nproc)}"
# -fno-sanitize=function: its prologue (a jump over type data) makes two identical functions
# disassemble differently, and e2e.ninja.mint compares a stamped call with a direct one.
sanitizers="-fsanitize=address,undefined -fno-sanitize=function -fno-sanitize-recover=all -fno-omit-frame-pointer"

# -O1: the sanitizers' reports stay readable and the build stays short; the e2e projects the CLI
# tests configure inherit the flags through CXXFLAGS/LDFLAGS, so their benches link the
# instrumented runtime.
export CC=clang CXX=clang++ CXXFLAGS="-O1 -gline-tables-only $sanitizers" LDFLAGS="$sanitizers"
# handle_segv=0: rows and fixtures that crash on purpose (the supervision tests) must die of their
# own signal, as they do outside the sanitizer; a crash of the tool itself still fails its test.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:handle_segv=0:handle_sigbus=0:handle_sigfpe=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE= -DCMAKE_COMPILE_WARNING_AS_ERROR=ON -DTUNE_POLICY=fallback -DTUNE_BUILD_FUZZERS=ON \
  -DTUNE_BUILD_BENCHMARKS=OFF -DTUNE_BUILD_KERNELS=OFF
cmake --build "$build" -j "$jobs"
tests_failed=0
ctest --test-dir "$build" -j "$jobs" --output-on-failure \
  -R '^(unit\.|plan\.|fuzz\.|e2e\.install$|e2e\.ninja\.mint$|e2e\.ninja\.cli$|e2e\.hostile-files$)' || tests_failed=1

# Fuzz every harness at once, each from a scratch copy of its seed corpus (the repository's corpus
# is never written), and read libFuzzer's final statistics. Side by side on `cpus` CPUs (the jobs,
# at most one per harness), each runs for FUZZ_SECONDS x harnesses / cpus of wall time: about
# FUZZ_SECONDS of a CPU each, in 1/cpus of the time one after another would take; waves of `jobs`
# harnesses would leave CPUs idle in the last wave whenever the count is not a multiple of `jobs`
# (issue 46). libFuzzer's -timeout is wall time too, so it grows by the same share.
readers=(sidecar profile manifest plan stamp-record race-result pilot-report)
cpus=$((jobs < ${#readers[@]} ? jobs : ${#readers[@]}))
wall=$(((seconds * ${#readers[@]} + cpus - 1) / cpus))
timeout=$(((10 * ${#readers[@]} + cpus - 1) / cpus))
work="$build/fuzz-runs"
rm -rf "$work"
mkdir -p "$work"
run_one() {
  local reader=$1
  mkdir -p "$work/$reader/corpus" "$work/$reader/findings" "$work/$reader/tmp"
  cp tests/fuzz/corpus/"$reader"/* "$work/$reader/corpus/"
  # libFuzzer ends without running exit handlers: the harness's scratch folder stays in $work.
  TMPDIR="$(realpath "$work/$reader/tmp")" "$build/tests/fuzz/fuzz-$reader" -max_total_time="$wall" -print_final_stats=1 -rss_limit_mb=2048 \
    -timeout="$timeout" -artifact_prefix="$work/$reader/findings/" "$work/$reader/corpus" >"$work/$reader/log" 2>&1 || true
}
for reader in "${readers[@]}"; do
  run_one "$reader" &
done
wait

findings=0
printf '\n%-14s %12s %8s %8s %8s %9s\n' harness executions exec/s cov features findings
for reader in "${readers[@]}"; do
  log="$work/$reader/log"
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
  rate=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
  last=$(grep -E '^#[0-9]+' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || echo '?')
  ft=$(grep -oE 'ft: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || echo '?')
  found=$(find "$work/$reader/findings" -type f | wc -l)
  findings=$((findings + found))
  printf '%-14s %12s %8s %8s %8s %9s\n' "$reader" "$execs" "$rate" "$cov" "$ft" "$found"
  if ((found)); then
    echo "  findings in $work/$reader/findings; the log is $log:"
    grep -E 'ERROR|SUMMARY|abort|library text|does not name' "$log" | head -5 | sed 's/^/    /'
  fi
done
echo "fuzzing: ${#readers[@]} harnesses side by side for ${wall}s on ${cpus} CPUs (about ${seconds}s of a CPU each), $(clang --version | head -1)"
if ((tests_failed)); then echo "sanitize: tests failed under the sanitizers (see above)"; fi
exit $((findings > 0 || tests_failed))
