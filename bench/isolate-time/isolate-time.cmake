# Compile and isolation time per kernel row (issue 46): builds a generated grid of a small kernel
# (UNROLLS x SPLITS rows, 20 x 15 = 300 by default, raced whole at any size: SEARCH exhaustive)
# against an installed cmake-tune, then, RUNS times, deletes its row objects and rebuilds the
# family's rows alone (-j 1, so no step waits on another) and reads each step's time from
# .ninja_log: the rows' compiles, and the isolation batches (`tune isolate --batch`,
# cmake/tune/Rows.cmake). Beside the batches, in the same run, it isolates every row again in a
# process of its own (`tune isolate` with one row's arguments, as the build did before batches).
# With -DBUILD=<a build tree of this repository> it does the same for the shipped sgemm's rows
# there. Prints a table of medians; nothing here is a test.
#   cmake -DPREFIX=<installed cmake-tune> [-DBUILD=<cmake-tune build tree>] [-DUNROLLS=20] [-DSPLITS=15]
#         [-DRUNS=3] [-DWORK=<scratch folder>] -P bench/isolate-time/isolate-time.cmake
cmake_minimum_required(VERSION 3.21)
include("${CMAKE_CURRENT_LIST_DIR}/../median.cmake")

if(NOT PREFIX OR NOT EXISTS "${PREFIX}/bin/tune")
  message(FATAL_ERROR "isolate-time: PREFIX='${PREFIX}' holds no bin/tune; install cmake-tune there "
    "(cmake --install <build> --prefix <dir>) and pass -DPREFIX=<dir>.")
endif()
foreach(_var UNROLLS:20 SPLITS:15 RUNS:3)
  string(REPLACE ":" ";" _pair "${_var}")
  list(GET _pair 0 _name)
  list(GET _pair 1 _default)
  if(NOT ${_name})
    set(${_name} ${_default})
  elseif(NOT ${_name} MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "isolate-time: ${_name}='${${_name}}' is not a positive whole number.")
  endif()
endforeach()
if(NOT WORK)
  set(WORK "/tmp/tune-isolate-time")
endif()
find_program(_ninja NAMES ninja ninja-build REQUIRED)

# The steps of the last build of `tree` whose outputs match `regex`, one per edge (a batch writes
# many outputs with one start and end): sets <out>_ms to their summed milliseconds.
function(_steps_ms out tree regex skip_lines)
  file(STRINGS "${tree}/.ninja_log" _lines)
  list(LENGTH _lines _n)
  if(skip_lines LESS _n)  # else ninja compacted its log during the build: every entry is this build's
    list(SUBLIST _lines ${skip_lines} -1 _lines)
  endif()
  set(_seen "")
  set(_sum 0)
  foreach(_line IN LISTS _lines)
    string(REPLACE "\t" ";" _f "${_line}")
    list(LENGTH _f _n)
    if(NOT _n EQUAL 5)
      continue()
    endif()
    list(GET _f 0 _start)
    list(GET _f 1 _end)
    list(GET _f 3 _output)
    list(GET _f 4 _hash)
    if(NOT _output MATCHES "${regex}" OR "${_start}:${_end}:${_hash}" IN_LIST _seen)
      continue()
    endif()
    list(APPEND _seen "${_start}:${_end}:${_hash}")
    math(EXPR _sum "${_sum} + ${_end} - ${_start}")
  endforeach()
  set(${out}_ms ${_sum} PARENT_SCOPE)
endfunction()

function(_log_lines out tree)
  file(STRINGS "${tree}/.ninja_log" _lines)
  list(LENGTH _lines _n)
  set(${out} ${_n} PARENT_SCOPE)
endfunction()

function(_run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _rc EQUAL 0)
    string(REPLACE ";" " " _cmd "${ARGN}")
    message(FATAL_ERROR "isolate-time: `${_cmd}` failed (${_rc}):\n${_out}")
  endif()
endfunction()

# Milliseconds to isolate every row of `family` in `tree` once more, a process per row, with the
# arguments its batch files hold.
function(_per_process_ms out tree family)
  file(GLOB_RECURSE _batches "${tree}/*/tune_rows/${family}/isolate-*.rows" "${tree}/tune_rows/${family}/isolate-*.rows")
  set(_total 0)
  foreach(_batch IN LISTS _batches)
    file(READ "${_batch}" _text)
    string(REGEX REPLACE "\n\n+$" "" _text "${_text}")
    string(REPLACE "\n\n" ";" _rows "${_text}")
    foreach(_row IN LISTS _rows)
      string(REPLACE "\n" ";" _args "${_row}")
      string(TIMESTAMP _t0 "%s%f")
      _run("${PREFIX}/bin/tune" isolate ${_args})
      string(TIMESTAMP _t1 "%s%f")
      math(EXPR _total "${_total} + (${_t1} - ${_t0}) / 1000")
    endforeach()
  endforeach()
  set(${out} ${_total} PARENT_SCOPE)
endfunction()

# Deletes the row objects of `family` in `tree`, rebuilds its rows RUNS times and appends
# "| what | rows | compile ms/row | batch isolate ms/row | ratio | process-per-row ms/row | ratio |".
function(_measure table_var tree family rows what)
  set(_compile "")
  set(_batch "")
  set(_single "")
  foreach(_i RANGE 1 ${RUNS})
    file(GLOB_RECURSE _objects "${tree}/*.o")
    list(FILTER _objects INCLUDE REGEX "/tune_obj_${family}__[^/]*[.]dir/")
    if(NOT _objects)
      message(FATAL_ERROR "isolate-time: ${tree} holds no row objects of ${family}.")
    endif()
    file(REMOVE ${_objects})
    _log_lines(_before "${tree}")
    _run("${CMAKE_COMMAND}" --build "${tree}" --target tune_rows_${family} -j 1)
    _steps_ms(_c "${tree}" "tune_obj_${family}__[^/]*[.]dir/.*[.]o$" ${_before})
    _steps_ms(_b "${tree}" "tune_rows/${family}/${family}__[^/]*[.]o$" ${_before})
    _per_process_ms(_s "${tree}" "${family}")
    list(APPEND _compile ${_c_ms})
    list(APPEND _batch ${_b_ms})
    list(APPEND _single ${_s})
    message(STATUS "isolate-time: ${what}, run ${_i}/${RUNS}: compiles ${_c_ms} ms, batches ${_b_ms} ms, "
      "a process per row ${_s} ms, ${rows} rows")
  endforeach()
  _median(_c ${_compile})
  _median(_b ${_batch})
  _median(_s ${_single})
  _ratio(_c_row ${_c} ${rows})
  _ratio(_b_row ${_b} ${rows})
  _ratio(_s_row ${_s} ${rows})
  _ratio(_rb ${_b} ${_c})
  _ratio(_rs ${_s} ${_c})
  set(${table_var} "${${table_var}}| ${what} | ${rows} | ${_c_row} | ${_b_row} | ${_rb} | ${_s_row} | ${_rs} |\n"
    PARENT_SCOPE)
endfunction()

# The grid: one source, the unroll and the split of its loop as axes.
set(_src "${WORK}/grid")
set(_bin "${WORK}/grid-build")
file(REMOVE_RECURSE "${_src}" "${_bin}")
set(_unrolls "")
foreach(_u RANGE 1 ${UNROLLS})
  list(APPEND _unrolls ${_u})
endforeach()
set(_splits "")
foreach(_s RANGE 1 ${SPLITS})
  list(APPEND _splits ${_s})
endforeach()
string(REPLACE ";" " " _unrolls "${_unrolls}")
string(REPLACE ";" " " _splits "${_splits}")
file(WRITE "${_src}/CMakeLists.txt" "cmake_minimum_required(VERSION 3.21)
project(isolate_time LANGUAGES CXX)
find_package(Tune REQUIRED)
tune_scope(grid)
tune_kernel_family(grid SCOPE grid
  SIGNATURE \"long long(const int* x, std::size_t n)\"
  SOURCES grid.cpp FIXTURE grid_fixture.cpp
  AXES UNROLL ${_unrolls} SPLIT ${_splits}
  SEARCH exhaustive
  FALLBACK unroll1_split1)
")
file(WRITE "${_src}/grid.cpp" "#include <tune/kernel.h>

#include <cstddef>

long long TUNE_ENTRY(const int* x, std::size_t n) {
  constexpr int unroll = TUNE_AXIS(UNROLL);
  constexpr int split = TUNE_AXIS(SPLIT);
  long long acc[unroll] = {};
  std::size_t i = 0;
  for (; i + unroll * split <= n; i += unroll * split)
    for (int s = 0; s < split; ++s)
      for (int k = 0; k < unroll; ++k) acc[k] += x[i + s * unroll + k];
  for (; i < n; ++i) acc[0] += x[i];
  long long sum = 0;
  for (int k = 0; k < unroll; ++k) sum += acc[k];
  return sum;
}
")
file(WRITE "${_src}/grid_fixture.cpp" "#include <tune/fixture.h>

TUNE_FIXTURE(grid, fx) {
  auto x = fx.random<int>(4099);
  fx.run([=](auto kernel) { return kernel(x.data(), x.size()); });
}
")
_run("${CMAKE_COMMAND}" -S "${_src}" -B "${_bin}" -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_PREFIX_PATH=${PREFIX}")
_run("${CMAKE_COMMAND}" --build "${_bin}" --target tune_rows_grid)
math(EXPR _rows "${UNROLLS} * ${SPLITS}")

file(READ "/proc/loadavg" _load_before)
set(_table "")
_measure(_table "${_bin}" grid ${_rows} "grid of a small kernel")
if(BUILD)
  if(NOT EXISTS "${BUILD}/build.ninja")
    message(FATAL_ERROR "isolate-time: BUILD='${BUILD}' is not a Ninja build tree of cmake-tune.")
  endif()
  file(GLOB_RECURSE _sgemm_rows "${BUILD}/kernels/tune_rows/sgemm/sgemm__*.o")
  list(LENGTH _sgemm_rows _n)
  _measure(_table "${BUILD}" sgemm ${_n} "shipped sgemm")
endif()
file(READ "/proc/loadavg" _load_after)
string(STRIP "${_load_before}" _load_before)
string(STRIP "${_load_after}" _load_after)
cmake_host_system_information(RESULT _cores QUERY NUMBER_OF_LOGICAL_CORES)
message("Compile and isolation per kernel row, median of ${RUNS} rebuilds at -j 1 (${_cores} logical cores; "
  "load average before: ${_load_before}; after: ${_load_after})\n\n"
  "| rows of | rows | compile ms/row | isolate ms/row (batches) | ÷ compile | isolate ms/row (a process per row) | ÷ compile |\n"
  "|---|---:|---:|---:|---:|---:|---:|\n${_table}")
