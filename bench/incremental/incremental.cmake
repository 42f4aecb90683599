# Incremental re-mints against full ones (docs/cmake-api.md "Re-mints race what changed"), on a
# generated scope of 10 families of 2 rows each: per run, side by side,
#   no change      `cmake --build --target tune` with nothing changed (races nothing);
#   one edit       a real edit of one family's kernel, then `cmake --build` (the stamp step
#                  re-mints that family alone);
#   one edit, all  the same edit of another family, then `TUNE_ALL=1 cmake --build --target tune`
#                  (the rows rebuild, every family is raced: what a re-mint cost before);
#   full           `TUNE_ALL=1 cmake --build --target tune` with nothing changed.
# Prints the median wall time of each over RUNS runs and its ratio to the full re-mint.
#   cmake -DPREFIX=<installed cmake-tune> [-DRUNS=5] [-DWORK=<dir>] -P bench/incremental/incremental.cmake
# Nothing here is a test: the times depend on the machine (the load average is printed).
cmake_minimum_required(VERSION 3.21)
include("${CMAKE_CURRENT_LIST_DIR}/../median.cmake")

_bench_arguments(incremental "${CMAKE_CURRENT_BINARY_DIR}/incremental-bench")
set(_families f0 f1 f2 f3 f4 f5 f6 f7 f8 f9)

# The project: each family sums its input; row NOPS=1 adds a nop before the loop.
file(REMOVE_RECURSE "${WORK}")
string(CONCAT _cmake "cmake_minimum_required(VERSION 3.21)\nproject(incbench LANGUAGES CXX)\n"
  "find_package(Tune 0.1 REQUIRED)\ntune_scope(ten)\n")
set(_app "#include <cstddef>\n")
set(_calls "")
foreach(_f IN LISTS _families)
  file(WRITE "${WORK}/src/${_f}.cpp" "#include <tune/kernel.h>\n#include <cstddef>\n
float TUNE_ENTRY(const float* a, std::size_t n) {
#if TUNE_AXIS_NOPS == 1
  __asm__ volatile(\"nop\");
#endif
  // EDIT
  float s = 0;
  for (std::size_t i = 0; i < n; ++i) s += a[i];
  return s;
}\n")
  file(WRITE "${WORK}/src/${_f}_fixture.cpp" "#include <tune/fixture.h>\n
TUNE_FIXTURE(${_f}, fx) {
  auto a = fx.random<float>(4096);
  fx.run([&](auto kernel) { return kernel(a.data(), a.size()); });
}\n")
  string(APPEND _cmake "tune_kernel_family(${_f} SCOPE ten SIGNATURE \"float(const float* a, std::size_t n)\"
  SOURCES ${_f}.cpp FIXTURE ${_f}_fixture.cpp AXES NOPS 0 1 FALLBACK \"nops0\")\n")
  string(APPEND _app "#include <tune/kernels/${_f}.h>\n")
  string(APPEND _calls " + ${_f}(a, 1)")
endforeach()
string(APPEND _cmake "add_executable(app app.cpp)\ntune_link(app ${_families})\n")
file(WRITE "${WORK}/src/CMakeLists.txt" "${_cmake}")
file(WRITE "${WORK}/src/app.cpp" "${_app}int main() {\n  float a[1] = {1};\n  return 0${_calls} == 10 ? 0 : 1;\n}\n")

execute_process(COMMAND "${CMAKE_COMMAND}" -S "${WORK}/src" -B "${WORK}/build" -G Ninja -DCMAKE_BUILD_TYPE=Release
  "-DCMAKE_PREFIX_PATH=${PREFIX}" RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "incremental: configuring ${WORK}/src failed (exit ${_rc}):\n${_out}")
endif()

# _timed(<out ms> <what> [ENV <var=value>...] [TARGET <t>]): one build, its wall time in ms.
function(_timed out what)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "TARGET" "ENV")
  set(_target "")
  if(arg_TARGET)
    set(_target --target ${arg_TARGET})
  endif()
  execute_process(COMMAND date +%s%N OUTPUT_VARIABLE _t0 OUTPUT_STRIP_TRAILING_WHITESPACE)
  # TUNE_EVENTS=1: the bench's events in the output, to count the families raced.
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env TUNE_EVENTS=1 ${arg_ENV} "${CMAKE_COMMAND}" --build "${WORK}/build" ${_target}
    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  execute_process(COMMAND date +%s%N OUTPUT_VARIABLE _t1 OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "incremental: ${what} failed (exit ${_rc}):\n${_out}")
  endif()
  string(REGEX MATCHALL "@tune begin name=" _raced "${_out}")
  list(LENGTH _raced _raced)
  math(EXPR _ms "(${_t1} - ${_t0}) / 1000000")
  message(STATUS "incremental: ${what}: ${_ms} ms, ${_raced} families raced")
  set(${out} ${_ms} PARENT_SCOPE)
  set(${out}_raced ${_raced} PARENT_SCOPE)
endfunction()

# _edit(<family>): a real change of every row of the family's kernel (one nop more each time).
function(_edit family)
  file(READ "${WORK}/src/${family}.cpp" _source)
  string(REGEX REPLACE "// EDIT[^\n]*" "// EDIT\n  __asm__ volatile(\"nop\");" _source "${_source}")
  file(WRITE "${WORK}/src/${family}.cpp" "${_source}")
endfunction()

_timed(_first "the first build (mints all)")
file(READ "/proc/loadavg" _load_before)
foreach(_kind nochange edit edit_all full)
  set(_${_kind} "")
endforeach()
foreach(_run RANGE 1 ${RUNS})
  _timed(_t "run ${_run}: no change" TARGET tune)
  list(APPEND _nochange ${_t})
  set(_raced_nochange ${_t_raced})
  math(EXPR _k "(2 * ${_run}) % 10")
  list(GET _families ${_k} _f)
  _edit(${_f})
  _timed(_t "run ${_run}: edit ${_f}, build")
  list(APPEND _edit ${_t})
  set(_raced_edit ${_t_raced})
  math(EXPR _k "(2 * ${_run} + 1) % 10")
  list(GET _families ${_k} _f)
  _edit(${_f})
  _timed(_t "run ${_run}: edit ${_f}, TUNE_ALL=1 --target tune" TARGET tune ENV TUNE_ALL=1)
  list(APPEND _edit_all ${_t})
  set(_raced_edit_all ${_t_raced})
  _timed(_t "run ${_run}: TUNE_ALL=1 --target tune" TARGET tune ENV TUNE_ALL=1)
  list(APPEND _full ${_t})
  set(_raced_full ${_t_raced})
endforeach()
file(READ "/proc/loadavg" _load_after)

_median(_m_full ${_full})
set(_table "Re-mints of a 10-family scope (2 rows each), median wall time of ${RUNS} runs, side by side\n")
string(APPEND _table "| what | families raced | median ms | runs (ms) | / full re-mint |\n|---|---|---|---|---|\n")
foreach(_kind nochange edit edit_all full)
  _median(_m ${_${_kind}})
  _ratio(_r "${_m}" "${_m_full}")
  string(REPLACE ";" ", " _runs "${_${_kind}}")
  set(_label_nochange "no change, `--target tune`")
  set(_label_edit "one family edited, `cmake --build`")
  set(_label_edit_all "one family edited, `TUNE_ALL=1 --target tune`")
  set(_label_full "no change, `TUNE_ALL=1 --target tune`")
  string(APPEND _table "| ${_label_${_kind}} | ${_raced_${_kind}} | ${_m} | ${_runs} | ${_r} |\n")
endforeach()
string(STRIP "${_load_before}" _load_before)
string(STRIP "${_load_after}" _load_after)
message("\n${_table}\nprefix: ${PREFIX}; load average before: ${_load_before}; after: ${_load_after}")
