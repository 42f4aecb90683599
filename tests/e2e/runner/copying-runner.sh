#!/usr/bin/env bash
# A TUNE_TARGET_RUNNER for the tests (docs/cmake-api.md "A runner on the target"): it plays a
# machine reached by adb or scp, which does not see the build tree. It copies each file of
# TUNE_RUNNER_INPUTS into a folder of its own under RUNNER_ROOT, rewrites the argument words that
# name an input or an output to its copy, runs the program there, and copies back each output the
# program wrote. The "machine" lacks what RUNNER_FORCE takes away (TUNE_FORCE_FEATURES for the
# program alone), so a tool that judged this box instead of the runner's is caught. Each call's
# arguments go to RUNNER_LOG, one line a call.
set -euo pipefail
: "${RUNNER_ROOT:?}" "${RUNNER_LOG:?}"
printf '%s\n' "$*" >>"$RUNNER_LOG"
mkdir -p "$RUNNER_ROOT"
work=$(mktemp -d "$RUNNER_ROOT/run.XXXXXX")
declare -A where
n=0
while IFS= read -r file; do
  [[ -n "$file" ]] || continue
  n=$((n + 1))
  where[$file]="$work/in$n-$(basename "$file")"
  cp -p "$file" "${where[$file]}"
done <<<"${TUNE_RUNNER_INPUTS:-}"
outputs=()
while IFS= read -r file; do
  [[ -n "$file" ]] || continue
  n=$((n + 1))
  where[$file]="$work/out$n-$(basename "$file")"
  outputs+=("$file")
done <<<"${TUNE_RUNNER_OUTPUTS:-}"
args=()
for word in "$@"; do
  if [[ -n "${where[$word]+set}" ]]; then args+=("${where[$word]}"); else args+=("$word"); fi
done
set +e
(cd "$work" && env -u TUNE_RUNNER_INPUTS -u TUNE_RUNNER_OUTPUTS TUNE_FORCE_FEATURES="${RUNNER_FORCE:-}" "${args[@]}")
rc=$?
set -e
for file in "${outputs[@]}"; do
  if [[ -f "${where[$file]}" ]]; then
    cp "${where[$file]}" "$file.runner-copy"
    mv "$file.runner-copy" "$file"
  fi
done
rm -rf "$work"
exit "$rc"
