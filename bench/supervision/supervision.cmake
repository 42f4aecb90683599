# What supervision costs, and what a hanging row costs a mint (docs/fixtures.md "Rows that fail"):
# mints a 12-row family with two installed versions of cmake-tune side by side, interleaved run
# by run, and prints the median mint time of each; then, with this version, the same family with
# a thirteenth row that hangs, and how far past its time limit the hang kept the mint.
#   cmake -DOLD=<prefix before supervision> -DNEW=<prefix of this version> [-DRUNS=5] [-DWORK=<dir>]
#         -P bench/supervision/supervision.cmake
# A prefix is what `cmake --install <build> --prefix <dir>` wrote (or a build tree's e2e-prefix).
# Mints run with TUNE_NOISE_OVERRIDE=1, so a noisy machine slows them instead of refusing them.
# Nothing here is a test: the numbers depend on the machine and what else runs on it.
cmake_minimum_required(VERSION 3.21)

foreach(_var OLD NEW)
  if(NOT ${_var} OR NOT EXISTS "${${_var}}/bin/tune")
    message(FATAL_ERROR "supervision: ${_var}='${${_var}}' is not an installed cmake-tune prefix (no bin/tune).")
  endif()
endforeach()
if(NOT RUNS)
  set(RUNS 5)
endif()
if(NOT WORK)
  set(WORK "${CMAKE_CURRENT_BINARY_DIR}/supervision-bench")
endif()
set(ENV{TUNE_NOISE_OVERRIDE} 1)
set(ENV{TUNE_HISTORY} "${WORK}/history")
unset(ENV{TUNE_POLICY})

include("${CMAKE_CURRENT_LIST_DIR}/../median.cmake")

function(_configure name prefix)
  execute_process(COMMAND "${CMAKE_COMMAND}" -S "${CMAKE_CURRENT_LIST_DIR}/project" -B "${WORK}/${name}" -G Ninja
      -DCMAKE_BUILD_TYPE=Release -DTUNE_POLICY=fallback "-DCMAKE_PREFIX_PATH=${prefix}" ${ARGN}
    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(_rc EQUAL 0)
    execute_process(COMMAND "${CMAKE_COMMAND}" --build "${WORK}/${name}" RESULT_VARIABLE _rc OUTPUT_VARIABLE _out
      ERROR_VARIABLE _out)
  endif()
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "supervision: building ${WORK}/${name} failed:\n${_out}")
  endif()
endfunction()

# One mint of the tree: whole milliseconds of the mint and of the family's race, and how many of
# its noise probes spun to settle (each spin is 0.5 s of the mint, and comes with the noise, not
# with the version).
function(_mint name out_mint out_race out_settled)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env TUNE_ALL=1 "${CMAKE_COMMAND}" --build "${WORK}/${name}" --target tune
    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "supervision: the mint of ${name} failed (exit ${_rc}):\n${_out}")
  endif()
  file(READ "${WORK}/${name}/supervision_bench.tune.json" _sidecar)
  string(JSON _mint GET "${_sidecar}" provenance mint_ms)
  string(JSON _race GET "${_sidecar}" race twelve ms)
  string(REGEX REPLACE "\\..*$" "" _mint "${_mint}")
  string(REGEX REPLACE "\\..*$" "" _race "${_race}")
  string(JSON _probes GET "${_sidecar}" provenance noise_probes)
  string(REGEX MATCHALL "-settled" _settles "${_probes}")
  list(LENGTH _settles _settled)
  set(${out_settled} "${_settled}" PARENT_SCOPE)
  set(${out_mint} "${_mint}" PARENT_SCOPE)
  set(${out_race} "${_race}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${WORK}")
_configure(old "${OLD}")
_configure(new "${NEW}")
_configure(hang "${NEW}" -DWITH_HANG=ON)

file(READ "/proc/loadavg" _load_before)
foreach(_name old new hang)
  set(_mints_${_name} "")
  set(_races_${_name} "")
  set(_settled_${_name} 0)
endforeach()
foreach(_run RANGE 1 ${RUNS})
  foreach(_name old new hang)
    _mint(${_name} _m _r _s)
    list(APPEND _mints_${_name} ${_m})
    list(APPEND _races_${_name} ${_r})
    math(EXPR _settled_${_name} "${_settled_${_name}} + ${_s}")
  endforeach()
  message(STATUS "run ${_run} of ${RUNS}: mint ms so far: old ${_mints_old}; new ${_mints_new}; hang ${_mints_hang}")
endforeach()
file(READ "/proc/loadavg" _load_after)

file(READ "${WORK}/hang/supervision_bench.tune.json" _sidecar)
string(JSON _hang_detail GET "${_sidecar}" race twelve rows unroll1_base_hang1 last_fail_reason detail)
string(REGEX MATCH "past the ([0-9.]+) s limit" _ "${_hang_detail}")
set(_limit_s "${CMAKE_MATCH_1}")

set(_table "")
foreach(_name old new hang)
  _median(_mint ${_mints_${_name}})
  _median(_race ${_races_${_name}})
  set(_median_${_name} ${_mint})
  string(REPLACE ";" " " _all "${_mints_${_name}}")
  string(APPEND _table "| ${_name} | ${_mint} | ${_race} | ${_settled_${_name}} | ${_all} |\n")
endforeach()
math(EXPR _cost "${_median_new} - ${_median_old}")
math(EXPR _hang_extra "${_median_hang} - ${_median_new}")
message("
Supervision: one 12-row family, ${RUNS} mints each, interleaved (old, new, hang per run).
old: ${OLD}
new: ${NEW}
load average before: ${_load_before}load average after:  ${_load_after}
| tree | median mint ms | median race ms | probes settled | every mint ms |
|---|---|---|---|---|
${_table}
supervision (new - old, medians): ${_cost} ms
a hanging 13th row (hang - new, medians): ${_hang_extra} ms; its limit: ${_limit_s} s (${_hang_detail})
")
