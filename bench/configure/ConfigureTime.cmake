# Configure time of a family as its rows grow: helpers shared by the benchmark
# (configure-time.cmake) and the scaling test (tests/cmake/scaling.cmake).
#
# _configure_time_project(<dir> <repo> <axes> [CONSTRAINTS <expr>...] [SEARCH <strategy>]) writes a
# project of one family whose AXES are <axes> (a list, e.g. "A;1;2;B;1;2"), the way
# tests/cmake/RunCMakeCase.cmake stands in for the tool: configured only, never built.
# _configure_time_run(<out_ms> <dir>) configures it afresh with Ninja and sets <out_ms> to the wall
# milliseconds of `cmake -S -B` (configure and generate), with CONFIGURE_TIME_ARGS (e.g.
# -DCMAKE_MAKE_PROGRAM=...) when the caller sets it; a failed configure is fatal.

function(_configure_time_project dir repo axes)
  cmake_parse_arguments(PARSE_ARGV 3 arg "" "SEARCH" "CONSTRAINTS")
  file(MAKE_DIRECTORY "${dir}/src")
  file(COPY "${repo}/tests/cmake/sources/kernel.cpp" "${repo}/tests/cmake/sources/fixture.cpp" DESTINATION "${dir}/src")
  string(REPLACE ";" " " _axes "${axes}")
  set(_first "")
  set(_name "")
  foreach(_token IN LISTS axes)
    if(_token MATCHES "^[A-Z]")
      set(_name "${_token}")
    elseif(_name)
      string(TOLOWER "${_name}" _lower)
      list(APPEND _first "${_lower}${_token}")
      set(_name "")
    endif()
  endforeach()
  string(REPLACE ";" "_" _fallback "${_first}")
  set(_constraints "")
  if(arg_CONSTRAINTS)
    set(_constraints "CONSTRAINTS")
    foreach(_c IN LISTS arg_CONSTRAINTS)
      string(APPEND _constraints " \"${_c}\"")
    endforeach()
  endif()
  if(arg_SEARCH)
    string(APPEND _constraints " SEARCH ${arg_SEARCH}")
  endif()
  file(WRITE "${dir}/src/CMakeLists.txt" "cmake_minimum_required(VERSION 3.21)
project(scaling CXX)
add_executable(tune::tune IMPORTED GLOBAL)
set_target_properties(tune::tune PROPERTIES IMPORTED_LOCATION /bin/true)
add_library(tune::kernel INTERFACE IMPORTED GLOBAL)
add_library(tune::bench INTERFACE IMPORTED GLOBAL)
include([==[${repo}/cmake/Tune.cmake]==])
tune_scope(scaling)
tune_kernel_family(dot SCOPE scaling SIGNATURE \"float(const float* a, const float* b, std::size_t n)\"
  SOURCES kernel.cpp FIXTURE fixture.cpp AXES ${_axes} ${_constraints} FALLBACK \"${_fallback}\")
")
endfunction()

function(_configure_time_run out_ms dir)
  file(REMOVE_RECURSE "${dir}/build")
  string(TIMESTAMP _start "%s%f" UTC)
  execute_process(COMMAND "${CMAKE_COMMAND}" -S "${dir}/src" -B "${dir}/build" -G Ninja ${CONFIGURE_TIME_ARGS}
    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  string(TIMESTAMP _end "%s%f" UTC)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "configure of ${dir}/src failed (exit ${_rc}):\n${_out}")
  endif()
  math(EXPR _ms "(${_end} - ${_start}) / 1000")
  set(${out_ms} "${_ms}" PARENT_SCOPE)
endfunction()
