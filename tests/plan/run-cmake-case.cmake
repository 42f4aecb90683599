# Configures one tiny project that includes TunePlan.cmake and runs a case file against it, in
# the style of CMake's RunCMake tests: a case with a <case>-stderr.txt must fail with stderr
# matching that regular expression; a case without one must configure and generate cleanly, and
# with a <case>-command.txt the generated build files must hold a command matching that regex.
#
#   cmake -DCASE=<dir>/<case>.cmake -DMODULE=<TunePlan.cmake> -DWORK=<dir> -DGENERATOR=<gen> -P run-cmake-case.cmake

foreach(var CASE MODULE WORK GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run-cmake-case.cmake: -D${var}=... is required")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/src")
file(WRITE "${WORK}/src/CMakeLists.txt" "cmake_minimum_required(VERSION 3.21)
project(plan_case LANGUAGES NONE)
include([==[${MODULE}]==])
# Stand-ins: an executable to plan, the tune tool, and a target that is not an executable.
add_executable(app IMPORTED)
set_target_properties(app PROPERTIES IMPORTED_LOCATION /bin/true)
add_executable(tune::tune IMPORTED)
set_target_properties(tune::tune PROPERTIES IMPORTED_LOCATION /bin/true)
add_library(lib INTERFACE)
include([==[${CASE}]==])
")

execute_process(COMMAND ${CMAKE_COMMAND} -S "${WORK}/src" -B "${WORK}/build" -G "${GENERATOR}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX REPLACE "[.]cmake$" "-stderr.txt" expected_file "${CASE}")
if(EXISTS "${expected_file}")
  file(READ "${expected_file}" expected)
  string(STRIP "${expected}" expected)
  if(rc EQUAL 0)
    message(FATAL_ERROR "the misuse was accepted; expected an error matching:\n${expected}")
  endif()
  # CMake wraps messages at the terminal width: compare with whitespace runs collapsed.
  string(REGEX REPLACE "[ \t\n]+" " " flat "${err}")
  if(NOT flat MATCHES "${expected}")
    message(FATAL_ERROR "stderr does not match\n  ${expected}\nstderr:\n${err}")
  endif()
elseif(NOT rc EQUAL 0)
  message(FATAL_ERROR "a correct use failed to configure:\n${err}")
else()
  string(REGEX REPLACE "[.]cmake$" "-command.txt" command_file "${CASE}")
  if(EXISTS "${command_file}")
    file(READ "${command_file}" expected)
    string(STRIP "${expected}" expected)
    file(GLOB_RECURSE build_files "${WORK}/build/build.ninja" "${WORK}/build/*build.make")
    set(generated "")
    foreach(f IN LISTS build_files)
      file(READ "${f}" text)
      string(APPEND generated "${text}")
    endforeach()
    if(NOT generated MATCHES "${expected}")
      message(FATAL_ERROR "no generated command matches\n  ${expected}")
    endif()
  endif()
endif()
