#!/usr/bin/env bash
# Installs the Debian packages cmake-tune builds with, when any is missing (needs root).
set -euo pipefail
packages=(cmake ninja-build make g++ binutils nlohmann-json3-dev libfmt-dev libcli11-dev libssl-dev doctest-dev
          libfftw3-dev libopenblas-dev libomp-dev pkg-config
          gfortran libomp-14-dev    # Fortran families, OpenMP rows under Clang (tests/e2e/scenarios/{fortran,openmp}.cmake)
          distcc                    # rows through a compiler farm on loopback (tests/e2e/scenarios/distcc.cmake)
          clang libclang-rt-14-dev  # clang: the sanitizer build and the fuzz harnesses (scripts/sanitize.sh)
          clang-format              # the house style, checked by tests/cmake/format.cmake
          universal-ctags           # function lengths, checked by tests/cmake/function-length.cmake
          chromium                  # the report rendered in a real browser (tests/e2e/scenarios/report.cmake)
          g++-aarch64-linux-gnu qemu-user-static  # the aarch64 tier: cross builds under QEMU (tests/cross)
          python3-jsonschema        # written documents against docs/schemas (tests/schema/validate.py)
          python3-optuna python3-cmaes)  # the search against Optuna's samplers (bench/search/compare.py)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "cmake-tune: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
