#!/usr/bin/env bash
# A program the search runs, with a fault at one phase of its first batch
# (tests/e2e/scenarios/search-faults.cmake). Copied under the name of what it stands in for:
#   launcher  the project's compiler launcher: a searched row's compile   (FAULT_PHASE=compile)
#   objcopy   CMAKE_OBJCOPY: isolating a row                              (FAULT_PHASE=isolate)
#   ar        CMAKE_AR: writing the search archive                        (FAULT_PHASE=archive)
#   ld        found by the compiler driver through -B: linking the bench  (FAULT_PHASE=link)
#   runner    TUNE_TARGET_RUNNER: racing a batch                          (FAULT_PHASE=race)
# The first call of the phase (the folder FAULT_MARK made) delivers FAULT_KIND: `int` or `kill`
# sends SIGINT or SIGKILL to the `tune` process above it, then lets the program run; `compiler`
# kills the compile itself with SIGKILL, as the OOM killer would. Every other call runs the real
# program as it is. A searched row's compile is logged to FAULT_LOG, what was faulted (the call,
# and the `tune` process signalled) to FAULT_MARK/delivered, and once the fault is delivered
# FAULT_MARK/done is made.
set -uo pipefail
name=$(basename "$0")
case "$name" in
  launcher) command=("$@") ;;
  runner) command=("$@") ;;
  ld) command=(/usr/bin/ld "$@") ;;
  *) command=("$(PATH=/usr/bin:/bin command -v "$name")" "$@") ;;
esac
phase=""
case "$name" in
  launcher) [[ "$*" == */search/* ]] && phase=compile && printf '%s\n' "$*" >>"${FAULT_LOG:-/dev/null}" ;;
  objcopy) phase=isolate ;;
  ar) phase=archive ;;
  ld) [[ "$*" == *tune/spaces/bench* ]] && phase=link ;;
  runner) [[ " $* " == *" race "* ]] && phase=race ;;
esac
if [[ -z "$phase" || "$phase" != "${FAULT_PHASE:-}" ]] || ! mkdir "$FAULT_MARK" 2>/dev/null; then
  exec "${command[@]}"
fi

# The `tune` process this program runs under.
tune_pid() {
  local pid=$$
  while [[ "$pid" -gt 1 ]]; do
    [[ "$(cat "/proc/$pid/comm" 2>/dev/null)" == tune ]] && echo "$pid" && return 0
    pid=$(awk '/^PPid:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 1)
  done
  return 1
}
# What was faulted, for the test to show when the faulted tune did not stop where it should.
target=$(tune_pid || echo none)
printf 'fault %s %s at %s: %s; tune %s (%s)\n' "${FAULT_KIND:-}" "$phase" "$(date +%T.%N)" "$*" "$target" \
  "$(tr '\0' ' ' <"/proc/$target/cmdline" 2>/dev/null)" >"$FAULT_MARK/delivered"
case "${FAULT_KIND:-}" in
  compiler) touch "$FAULT_MARK/done"; kill -KILL $$ ;;
  int) kill -INT "$target" ;;
  kill) kill -KILL "$target" ;;
  *) echo "hook.sh: FAULT_KIND is int, kill or compiler" >&2; exit 2 ;;
esac
"${command[@]}"
rc=$?
touch "$FAULT_MARK/done"
exit "$rc"
