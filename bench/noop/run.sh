#!/usr/bin/env bash
# No-op rebuild time of a 10-family project with cmake-tune against the same sources built
# plainly (one static library and an app), side by side, median of N runs each.
#   bench/noop/run.sh [BUILD_DIR of cmake-tune, default build/test] [RUNS, default 21]
# Prints a table; needs the repo built (scripts/test.sh or cmake --build BUILD_DIR).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
build="$(cd "${1:-$repo/build/test}" && pwd)"
runs="${2:-21}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null

mkdir -p "$work/src"
for i in $(seq 0 9); do
  cat > "$work/src/k$i.cpp" <<CPP
#include <cstddef>
#ifdef TUNE_ENTRY
#include <tune/kernel.h>
float TUNE_ENTRY(const float* a, std::size_t n) {
#else
float k$i(const float* a, std::size_t n) {
#endif
  float s = 0;
  for (std::size_t j = 0; j < n; ++j) s += a[j] * $i.0f;
  return s;
}
CPP
  cat > "$work/src/f$i.cpp" <<CPP
#include <tune/fixture.h>
TUNE_FIXTURE(k$i, fx) {
  auto a = fx.random<float>(1024);
  fx.run([=](auto kernel) { return kernel(a.data(), a.size()); });
}
CPP
done
{
  echo '#include <cstdio>'
  echo '#include <vector>'
  for i in $(seq 0 9); do echo "#ifdef TUNED"; echo "#include <tune/kernels/k$i.h>"; echo "#else"; echo "float k$i(const float*, std::size_t);"; echo "#endif"; done
  echo 'int main() { std::vector<float> a(64, 1.0f); float s = 0;'
  for i in $(seq 0 9); do echo "  s += k$i(a.data(), a.size());"; done
  echo '  std::printf("%g\\n", s); }'
} > "$work/src/app.cpp"

cat > "$work/src/tuned.cmake" <<'CM'
find_package(Tune 0.1 REQUIRED)
tune_scope(noop)
foreach(i RANGE 9)
  tune_kernel_family(k${i} SCOPE noop SIGNATURE "float(const float* a, std::size_t n)"
    SOURCES k${i}.cpp FIXTURE f${i}.cpp AXES ISA base avx2 FALLBACK base TOLERANCE rel=1e-5)
endforeach()
add_executable(app app.cpp)
target_compile_definitions(app PRIVATE TUNED)
tune_link(app k0 k1 k2 k3 k4 k5 k6 k7 k8 k9)
CM
cat > "$work/src/plain.cmake" <<'CM'
add_library(kernels STATIC k0.cpp k1.cpp k2.cpp k3.cpp k4.cpp k5.cpp k6.cpp k7.cpp k8.cpp k9.cpp)
add_executable(app app.cpp)
target_link_libraries(app PRIVATE kernels)
CM
printf 'cmake_minimum_required(VERSION 3.21)\nproject(noop CXX)\ninclude(${MODE}.cmake)\n' > "$work/src/CMakeLists.txt"

for mode in plain tuned; do
  TUNE_POLICY=fallback cmake -S "$work/src" -B "$work/$mode" -G Ninja -DMODE=$mode -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
  TUNE_POLICY=fallback cmake --build "$work/$mode" >/dev/null
done

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
declare -A med
: > "$work/plain.t"; : > "$work/tuned.t"
for r in $(seq "$runs"); do
  for mode in plain tuned; do  # interleaved, so both see the same machine
    s=$(date +%s%N)
    out=$(cmake --build "$work/$mode")
    e=$(date +%s%N)
    grep -q "no work to do" <<<"$out" || { echo "not a no-op: $mode: $out" >&2; exit 1; }
    echo $(( (e - s) / 1000 )) >> "$work/$mode.t"
  done
done
for mode in plain tuned; do med[$mode]=$(median < "$work/$mode.t"); done
printf '\nNo-op rebuild (cmake --build, Ninja), median of %d interleaved runs\n\n' "$runs"
printf '| project | median ms | ratio |\n|---|---:|---:|\n'
awk -v p="${med[plain]}" -v t="${med[tuned]}" 'BEGIN {
  printf "| plain: 10 kernels + app | %.1f | 1.00 |\n", p / 1000
  printf "| cmake-tune: 10 families x 2 rows + app | %.1f | %.2f |\n", t / 1000, t / p }'
