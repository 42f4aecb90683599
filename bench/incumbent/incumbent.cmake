# Does a seat stay put when nothing changed (docs/measurement.md rule 7, the incumbent)? Mints the families of
# bench/incumbent/project RUNS times in a row, each mint with the previous sidecar's winners as
# incumbents, and counts, per family, the mints whose seat differs from the mint before, and the
# seats seen. Each mint is `--target tune` with TUNE_ALL=1 (every family re-raced), or with -DREBUILD=ON a rebuild
# under the default policy after a change of every row's code (a no-op instruction more or less,
# the same for every row): the sidecar is stale_binary and the build re-mints by itself.
#   cmake -DPREFIX=<installed cmake-tune> [-DRUNS=20] [-DREBUILD=ON] [-DWORK=<dir>]
#         -P bench/incumbent/incumbent.cmake
# Mints run with TUNE_NOISE_OVERRIDE=1. Nothing here is a test: the counts depend on the machine.
cmake_minimum_required(VERSION 3.21)

if(NOT PREFIX OR NOT EXISTS "${PREFIX}/bin/tune")
  message(FATAL_ERROR "incumbent: PREFIX='${PREFIX}' is not an installed cmake-tune prefix (no bin/tune).")
endif()
if(NOT RUNS)
  set(RUNS 20)
endif()
if(NOT WORK)
  set(WORK "${CMAKE_CURRENT_BINARY_DIR}/incumbent-bench")
endif()
set(ENV{TUNE_NOISE_OVERRIDE} 1)
set(ENV{TUNE_HISTORY} "${WORK}/history")
unset(ENV{TUNE_POLICY})

file(REMOVE_RECURSE "${WORK}")
file(COPY "${CMAKE_CURRENT_LIST_DIR}/project/" DESTINATION "${WORK}/src")
if(REBUILD)
  set(_policy auto)
else()
  set(_policy fallback)  # the build itself measures nothing; each mint is the tune target's
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -S "${WORK}/src" -B "${WORK}/build" -G Ninja
    -DCMAKE_BUILD_TYPE=Release -DTUNE_POLICY=${_policy} "-DCMAKE_PREFIX_PATH=${PREFIX}"
  RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
if(_rc EQUAL 0)
  execute_process(COMMAND "${CMAKE_COMMAND}" --build "${WORK}/build" RESULT_VARIABLE _rc OUTPUT_VARIABLE _out
    ERROR_VARIABLE _out)
endif()
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "incumbent: building ${WORK}/build failed:\n${_out}")
endif()

set(_families identical planted twofast)
foreach(_family IN LISTS _families)
  set(_seats_${_family} "")
  set(_changes_${_family} 0)
  set(_last_${_family} "")
endforeach()
file(READ "/proc/loadavg" _load_before)
file(READ "${WORK}/src/sum.cpp" _source)
foreach(_run RANGE 1 ${RUNS})
  if(REBUILD)
    math(EXPR _nops "${_run} % 2 + 1")
    string(REPLACE "#define INCUMBENT_BENCH_NOPS 0" "#define INCUMBENT_BENCH_NOPS ${_nops}" _edited "${_source}")
    file(WRITE "${WORK}/src/sum.cpp" "${_edited}")
    set(_target "")
  else()
    set(_target --target tune)
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env TUNE_ALL=1 "${CMAKE_COMMAND}" --build "${WORK}/build" ${_target}
    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "incumbent: mint ${_run} failed (exit ${_rc}):\n${_out}")
  endif()
  file(READ "${WORK}/build/incumbent_bench.tune.json" _sidecar)
  set(_line "")
  foreach(_family IN LISTS _families)
    string(JSON _seat GET "${_sidecar}" kernels ${_family})
    string(JSON _verdict GET "${_sidecar}" race ${_family} verdict)
    if(NOT _last_${_family} STREQUAL "" AND NOT _seat STREQUAL _last_${_family})
      math(EXPR _changes_${_family} "${_changes_${_family}} + 1")
    endif()
    set(_last_${_family} "${_seat}")
    list(APPEND _seats_${_family} "${_seat}")
    string(APPEND _line " ${_family}=${_seat}(${_verdict})")
  endforeach()
  message(STATUS "mint ${_run} of ${RUNS}:${_line}")
endforeach()
file(READ "/proc/loadavg" _load_after)

set(_table "")
foreach(_family IN LISTS _families)
  set(_counts "")
  set(_distinct ${_seats_${_family}})
  list(REMOVE_DUPLICATES _distinct)
  foreach(_seat IN LISTS _distinct)
    set(_n 0)
    foreach(_s IN LISTS _seats_${_family})
      if(_s STREQUAL _seat)
        math(EXPR _n "${_n} + 1")
      endif()
    endforeach()
    string(APPEND _counts "${_seat} ${_n}x ")
  endforeach()
  string(APPEND _table "| ${_family} | ${_changes_${_family}} | ${_counts}|\n")
endforeach()
math(EXPR _pairs "${RUNS} - 1")
if(REBUILD)
  set(_how "each a rebuild after a code change, policy auto")
else()
  set(_how "--target tune")
endif()
message("
Incumbents: ${RUNS} mints in a row (${_how}), ${_pairs} chances per family for a seat to move.
prefix: ${PREFIX}
load average before: ${_load_before}load average after:  ${_load_after}
| family | seat changes | seats seen |
|---|---|---|
${_table}")
