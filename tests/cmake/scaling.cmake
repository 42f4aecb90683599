# Configure time per row must not grow with the rows: configuring a family of 2,000 rows raced whole
# may take at most 4.5 times as long as one of 500, and a searched space of 1,000,000 points at
# most twice as long as one of 500 (below); bench/configure/configure-time.cmake prints the absolute
# times.
# A ratio, not a time, so a slow machine passes and a quadratic module fails: before the module
# built its manifest from lists, 2,000 rows took 16 times as long as 500. Each size is configured
# four times and the fastest run counts, so a neighbour's burst of load does not fail it.
# Both paths are measured: a family raced whole (SEARCH exhaustive, every row a target) and a
# searched one (no rows listed but the reference and the fallback chain, each a target).
#   cmake -DWORK_DIR=<dir> [-DCONFIGURE_TIME_ARGS=<args>] -P scaling.cmake
cmake_minimum_required(VERSION 3.21)
get_filename_component(_repo "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
include("${_repo}/bench/configure/ConfigureTime.cmake")

function(_fastest out rows axes search)
  set(_dir "${WORK_DIR}/rows${rows}-${search}")
  _configure_time_project("${_dir}" "${_repo}" "${axes}" SEARCH ${search} ${ARGN})
  set(_best "")
  foreach(_run RANGE 1 4)
    _configure_time_run(_ms "${_dir}")
    if(_best STREQUAL "" OR _ms LESS _best)
      set(_best ${_ms})
    endif()
  endforeach()
  file(READ "${_dir}/build/tune/scaling/manifest.json" _manifest)
  if(search STREQUAL "exhaustive")
    string(JSON _n LENGTH "${_manifest}" families 0 rows)
  else()
    # A searched family declares its reference and fallback chain; its space is its axes' product.
    set(_n 1)
    string(JSON _axes LENGTH "${_manifest}" families 0 search axes)
    math(EXPR _last "${_axes} - 1")
    foreach(_k RANGE ${_last})
      string(JSON _values LENGTH "${_manifest}" families 0 search axes ${_k} values)
      math(EXPR _n "${_n} * ${_values}")
    endforeach()
  endif()
  if(NOT _n EQUAL rows)
    message(FATAL_ERROR "scaling: the ${rows}-row project configured ${_n} rows.")
  endif()
  set(${out} ${_best} PARENT_SCOPE)
endfunction()

# Raced whole (a target per row): CMake's own generate step grows a little faster than its targets
# (docs/design/spaces.md "Why configure is linear"), so the bound is 4.5x for 4x the rows; a module
# that re-parsed a growing document per row took 16x.
_fastest(_small 500 "A;1;2;3;4;5;6;7;8;9;10;B;1;2;3;4;5;6;7;8;9;10;C;1;2;3;4;5" exhaustive)
_fastest(_large 2000 "A;1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20;B;1;2;3;4;5;6;7;8;9;10;C;1;2;3;4;5;6;7;8;9;10"
  exhaustive)
math(EXPR _ratio_x100 "${_large} * 100 / ${_small}")
message("configure, SEARCH exhaustive: 500 rows ${_small} ms, 2000 rows ${_large} ms, ratio ${_ratio_x100}/100")
if(_ratio_x100 GREATER 450)
  message(FATAL_ERROR "scaling: with SEARCH exhaustive, 2,000 rows took ${_large} ms to configure against ${_small} ms "
    "for 500, ${_ratio_x100}/100 times as long: more than the 450/100 allowed, so something in the module costs "
    "more per row as the rows grow (profile with cmake --profiling-format=google-trace).")
endif()

# Searched: configure lists no point but the reference and the fallback chain (docs/design/spaces.md
# "Spaces that are not enumerated"), so it is linear in the axes' values, not the points: a space of
# 1,000,000 points (5 axes, 140 values, a constraint) may take at most twice as long as one of 500.
set(_million "A;1;2;3;4;5;6;7;8;9;10;B;1;2;3;4;5;6;7;8;9;10;C;1;2;3;4;5;6;7;8;9;10;D;1;2;3;4;5;6;7;8;9;10;E")
foreach(_v RANGE 1 100)
  list(APPEND _million ${_v})
endforeach()
_fastest(_small 500 "A;1;2;3;4;5;6;7;8;9;10;B;1;2;3;4;5;6;7;8;9;10;C;1;2;3;4;5" auto)
_fastest(_large 1000000 "${_million}" auto CONSTRAINTS "A + B <= 15")
math(EXPR _ratio_x100 "${_large} * 100 / ${_small}")
message("configure, SEARCH auto: 500 points ${_small} ms, 1000000 points ${_large} ms, ratio ${_ratio_x100}/100")
if(_ratio_x100 GREATER 200)
  message(FATAL_ERROR "scaling: with SEARCH auto, a space of 1,000,000 points took ${_large} ms to configure against "
    "${_small} ms for 500, ${_ratio_x100}/100 times as long: more than the 200/100 allowed, so configure costs "
    "something per point of a searched space, which it should not list (profile with cmake "
    "--profiling-format=google-trace).")
endif()
