#!/usr/bin/env bash
# The jobs of a fleet that mints a project's defaults profiles on CI runners of every CPU class
# (README.md beside this script). The CI files here call it; it holds every step they take, so
# running it by hand runs the same jobs (tests/profiles/fleet.cmake does, job by job).
#
#   fleet.sh mint  <source dir> <build dir> <artifact dir>
#       one runner: configure an optimized tree, mint every scope on this runner (--target tune),
#       and export each scope's profile for this runner's class as <artifact dir>/<scope>.tune-defaults.json
#   fleet.sh merge <source dir> <build dir> <artifact dir>...
#       the merge job: configure (nothing is built or measured), merge every runner's profile of
#       each scope into the scope's DEFAULTS folder (a class whose seats would change is refused),
#       then check the folder against the scope
#
# TUNE is the `tune` tool (default: `tune` on PATH, as find_package(Tune) installs it); CMAKE_ARGS
# are extra configure arguments; the environment (TUNE_FORCE_FEATURES, TUNE_NOISE_CEILING, ...)
# reaches the mint and the export alike.
set -euo pipefail

usage() {
  sed -n '5,12p' "$0" >&2
  exit 2
}

read -r -a extra <<< "${CMAKE_ARGS:-}"

# The tool: TUNE, else `tune` on PATH, else the one a project that builds cmake-tune itself
# (add_subdirectory, FetchContent) has in its build tree.
find_tool() {  # <build dir>
  if [[ -n "${TUNE:-}" ]]; then
    echo "$TUNE"
  elif command -v tune > /dev/null; then
    command -v tune
  else
    cmake --build "$1" --target tune_cli > /dev/null
    find "$1" -path '*/tuner/cli/tune' -type f | head -n 1
  fi
}

configure() {  # <source dir> <build dir>
  cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release "${extra[@]}"
}

manifests() {  # <build dir>: each scope's manifest
  local found=0 m
  for m in "$1"/tune/*/manifest.json; do
    [[ -f "$m" ]] || continue
    found=1
    echo "$m"
  done
  if ((!found)); then
    echo "fleet.sh: $1 has no scope manifest (tune/<scope>/manifest.json); does the project declare a tune_scope?" >&2
    exit 1
  fi
}

case "${1:-}" in
  mint)
    (($# == 4)) || usage
    src="$2" build="$3" out="$4"
    configure "$src" "$build"
    # A noisy runner refuses the mint and says so (TUNE_NOISE_CEILING): the job fails rather than
    # export noise as a class's defaults.
    cmake --build "$build" --target tune
    tool="$(find_tool "$build")"
    mkdir -p "$out"
    while read -r m; do
      scope="$(basename "$(dirname "$m")")"
      "$tool" profile export --manifest "$m" --out "$out/$scope.tune-defaults.json"
    done < <(manifests "$build")
    ;;
  merge)
    (($# >= 4)) || usage
    src="$2" build="$3"
    shift 3
    configure "$src" "$build"
    tool="$(find_tool "$build")"
    while read -r m; do
      scope="$(basename "$(dirname "$m")")"
      profiles=()
      for dir in "$@"; do
        [[ -f "$dir/$scope.tune-defaults.json" ]] && profiles+=("$dir/$scope.tune-defaults.json")
      done
      if ((${#profiles[@]} == 0)); then
        echo "fleet.sh: no runner exported a profile of scope $scope (looked in: $*)" >&2
        exit 1
      fi
      "$tool" profile merge --manifest "$m" "${profiles[@]}"
      "$tool" profile check --manifest "$m"
    done < <(manifests "$build")
    ;;
  *)
    usage
    ;;
esac
