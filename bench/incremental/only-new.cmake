# `tune mint --only-new` against the default re-mint (docs/cmake-api.md "Re-mints race what
# changed"), on one family of 12 rows that gains a row per step: per run, side by side,
#   only new   a row added (configure, build the bench), then `tune mint --only-new`: the new row
#              races against the seat and the fallback, the other rows keep their results;
#   default    another row added, then `tune mint`: the family has a new row, so it races whole.
# Prints the median wall time of each over RUNS runs, the rows each timed, and their ratio.
#   cmake -DPREFIX=<installed cmake-tune> [-DRUNS=5] [-DWORK=<dir>] -P bench/incremental/only-new.cmake
# Nothing here is a test: the times depend on the machine (the load average is printed).
cmake_minimum_required(VERSION 3.21)
include("${CMAKE_CURRENT_LIST_DIR}/../median.cmake")

_bench_arguments(only-new "${CMAKE_CURRENT_BINARY_DIR}/only-new-bench")

# The family: a sum with NOPS nops before the loop, so every row is its own code at one speed.
file(REMOVE_RECURSE "${WORK}")
file(WRITE "${WORK}/src/sum.cpp" "#include <tune/kernel.h>\n#include <cstddef>\n
float TUNE_ENTRY(const float* a, std::size_t n) {
  for (int i = 0; i < TUNE_AXIS(NOPS); ++i) __asm__ volatile(\"nop\");
  float s = 0;
  for (std::size_t i = 0; i < n; ++i) s += a[i];
  return s;
}\n")
file(WRITE "${WORK}/src/sum_fixture.cpp" "#include <tune/fixture.h>\n
TUNE_FIXTURE(sum, fx) {
  auto a = fx.random<float>(4096);
  fx.run([&](auto kernel) { return kernel(a.data(), a.size()); });
}\n")
file(WRITE "${WORK}/src/CMakeLists.txt" "cmake_minimum_required(VERSION 3.21)\nproject(onlynew LANGUAGES CXX)
find_package(Tune 0.1 REQUIRED)\ntune_scope(one)
tune_kernel_family(sum SCOPE one SIGNATURE \"float(const float* a, std::size_t n)\"
  SOURCES sum.cpp FIXTURE sum_fixture.cpp AXES NOPS 0 1 2 3 4 5 6 7 8 9 10 11 \${EXTRA_NOPS} FALLBACK \"nops0\")\n")

# _run(<out ms> <out rows timed> <what> <command>...): one command, its wall time in ms and the
# rows the race table says it timed (median_ns without carried_from).
function(_run out_ms out_timed what)
  execute_process(COMMAND date +%s%N OUTPUT_VARIABLE _t0 OUTPUT_STRIP_TRAILING_WHITESPACE)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  execute_process(COMMAND date +%s%N OUTPUT_VARIABLE _t1 OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "only-new: ${what} failed (exit ${_rc}):\n${_out}")
  endif()
  math(EXPR _ms "(${_t1} - ${_t0}) / 1000000")
  file(READ "${WORK}/build/onlynew.tune.json" _doc)
  string(JSON _rows GET "${_doc}" race sum rows)
  string(JSON _n LENGTH "${_rows}")
  math(EXPR _last "${_n} - 1")
  set(_timed 0)
  foreach(_i RANGE ${_last})
    string(JSON _suffix MEMBER "${_rows}" ${_i})
    string(JSON _median ERROR_VARIABLE _no_median GET "${_rows}" ${_suffix} median_ns)
    string(JSON _carried ERROR_VARIABLE _not_carried GET "${_rows}" ${_suffix} carried_from)
    if(NOT _no_median AND _not_carried)
      math(EXPR _timed "${_timed} + 1")
    endif()
  endforeach()
  message(STATUS "only-new: ${what}: ${_ms} ms, ${_timed} of ${_n} rows timed")
  set(${out_ms} ${_ms} PARENT_SCOPE)
  set(${out_timed} "${_timed} of ${_n}" PARENT_SCOPE)
endfunction()

set(_extra "")
# _add_row(): one more NOPS value, configured and built into the bench (not minted).
macro(_add_row)
  list(LENGTH _extra _k)
  math(EXPR _value "12 + ${_k}")
  list(APPEND _extra ${_value})
  execute_process(COMMAND "${CMAKE_COMMAND}" -S "${WORK}/src" -B "${WORK}/build" -G Ninja -DCMAKE_BUILD_TYPE=Release
    "-DCMAKE_PREFIX_PATH=${PREFIX}" "-DEXTRA_NOPS=${_extra}" -DTUNE_POLICY=fallback
    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "only-new: configuring with NOPS ${_extra} failed (exit ${_rc}):\n${_out}")
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" --build "${WORK}/build" --target tune_bench_one
    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "only-new: building the bench failed (exit ${_rc}):\n${_out}")
  endif()
endmacro()

# TUNE_POLICY=fallback: the build never mints; every mint below is the command timed.
execute_process(COMMAND "${CMAKE_COMMAND}" -S "${WORK}/src" -B "${WORK}/build" -G Ninja -DCMAKE_BUILD_TYPE=Release
  "-DCMAKE_PREFIX_PATH=${PREFIX}" -DTUNE_POLICY=fallback RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "only-new: configuring ${WORK}/src failed (exit ${_rc}):\n${_out}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${WORK}/build" --target tune_bench_one RESULT_VARIABLE _rc)
_run(_t _timed_first "the first mint" "${PREFIX}/bin/tune" mint --build-dir "${WORK}/build")
file(READ "/proc/loadavg" _load_before)
set(_only_new "")
set(_default "")
foreach(_i RANGE 1 ${RUNS})
  _add_row()
  _run(_t _timed_only_new "run ${_i}: a row added, tune mint --only-new" "${PREFIX}/bin/tune" mint --only-new
    --build-dir "${WORK}/build")
  list(APPEND _only_new ${_t})
  _add_row()
  _run(_t _timed_default "run ${_i}: a row added, tune mint" "${PREFIX}/bin/tune" mint --build-dir "${WORK}/build")
  list(APPEND _default ${_t})
endforeach()
file(READ "/proc/loadavg" _load_after)

_median(_m_only_new ${_only_new})
_median(_m_default ${_default})
_ratio(_r "${_m_only_new}" "${_m_default}")
string(REPLACE ";" ", " _runs_only_new "${_only_new}")
string(REPLACE ";" ", " _runs_default "${_default}")
string(STRIP "${_load_before}" _load_before)
string(STRIP "${_load_after}" _load_after)
message("
A row added to a family of 12 or more rows, median wall time of the mint over ${RUNS} runs, side by side
| what | rows timed (last run) | median ms | runs (ms) | / tune mint |
|---|---|---|---|---|
| `tune mint --only-new` | ${_timed_only_new} | ${_m_only_new} | ${_runs_only_new} | ${_r} |
| `tune mint` | ${_timed_default} | ${_m_default} | ${_runs_default} | 1.000 |

prefix: ${PREFIX}; load average before: ${_load_before}; after: ${_load_after}")
