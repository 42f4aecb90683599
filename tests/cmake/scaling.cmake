# Configure time per row must not grow with the rows: configuring a family of 2,000 rows may take
# at most 4 times as long as one of 500 (bench/configure/configure-time.cmake prints the absolute times).
# A ratio, not a time, so a slow machine passes and a quadratic module fails: before the module
# built its manifest from lists, 2,000 rows took 16 times as long as 500. Each size is configured
# five times and the fastest run counts, so a neighbour's burst of load does not fail it.
#   cmake -DWORK_DIR=<dir> [-DCONFIGURE_TIME_ARGS=<args>] -P scaling.cmake
cmake_minimum_required(VERSION 3.21)
get_filename_component(_repo "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
include("${_repo}/bench/configure/ConfigureTime.cmake")

function(_fastest out rows axes)
  set(_dir "${WORK_DIR}/rows${rows}")
  _configure_time_project("${_dir}" "${_repo}" "${axes}")
  set(_best "")
  foreach(_run RANGE 1 5)
    _configure_time_run(_ms "${_dir}")
    if(_best STREQUAL "" OR _ms LESS _best)
      set(_best ${_ms})
    endif()
  endforeach()
  file(READ "${_dir}/build/tune/scaling/manifest.json" _manifest)
  string(JSON _n LENGTH "${_manifest}" families 0 rows)
  if(NOT _n EQUAL rows)
    message(FATAL_ERROR "scaling: the ${rows}-row project configured ${_n} rows.")
  endif()
  set(${out} ${_best} PARENT_SCOPE)
endfunction()

_fastest(_small 500 "A;1;2;3;4;5;6;7;8;9;10;B;1;2;3;4;5;6;7;8;9;10;C;1;2;3;4;5")
_fastest(_large 2000 "A;1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20;B;1;2;3;4;5;6;7;8;9;10;C;1;2;3;4;5;6;7;8;9;10")
math(EXPR _ratio_x100 "${_large} * 100 / ${_small}")
message("configure: 500 rows ${_small} ms, 2000 rows ${_large} ms, ratio ${_ratio_x100}/100")
if(_ratio_x100 GREATER 400)
  message(FATAL_ERROR "scaling: 2,000 rows took ${_large} ms to configure against ${_small} ms for 500, "
    "${_ratio_x100}/100 times as long: more than the 4x of linear growth, so something in the module costs more "
    "per row as the rows grow (profile with cmake --profiling-format=google-trace).")
endif()
