#!/usr/bin/env bash
# The whole test suite: installs what it needs, builds cmake-tune, runs every test with CTest, then
# the sanitizer build and the fuzz harnesses (scripts/sanitize.sh, in build/sanitize).
#   BUILD_DIR (default build/test)   JOBS (default: all cores)   SANITIZE=0 skips the second part
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build="${BUILD_DIR:-build/test}"
jobs="${JOBS:-$(nproc)}"
# Release, as scripts/tune-this-box.sh builds the tool, and a compiler warning is an error: the
# two README commands build without one (issue 46). Release also compiles in three quarters of
# RelWithDebInfo's time.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_COMPILE_WARNING_AS_ERROR=ON -DTUNE_POLICY=fallback
cmake --build "$build" -j "$jobs"
# Tests that mint or time anything are RUN_SERIAL: nothing else runs beside a measurement.
ctest --test-dir "$build" -j "$jobs" --output-on-failure
if [[ "${SANITIZE:-1}" != 0 ]]; then
  bash scripts/sanitize.sh
fi
