# Runs one CMake test case in the style of CMake's own Tests/RunCMake: a tiny project that loads
# cmake-tune and includes <case>.cmake is configured, and its exit code and stderr are compared
# with what the case expects.
#
#   cmake -DCASE=<case> [-DCASE_DIR=<dir>] [-DCASE_COMMON=<file>] [-DCASE_BINARY_DIR=<dir>]
#         [-DCASE_GENERATOR=<gen>] [-DCASE_MAKE_PROGRAM=<path>] [-DCASE_CXX_COMPILER=<path>]
#         -P RunCMakeCase.cmake
#
# CASE_DIR is the folder of the case files (default: beside this script; tests/plan/cmake-cases
# holds the cases of TunePlan.cmake). CASE_COMMON, when given, is included after cmake-tune is
# loaded and before the case: the stand-in targets every case of that folder uses.
#
# Files of a case, in CASE_DIR:
#   <case>.cmake          included by the project after cmake-tune is loaded
#   <case>-prelude.cmake  optional; included before cmake-tune is loaded (cache values, or
#                         set(TUNE_CASE_NO_MODULE ON) when the case loads the module itself)
#   <case>-result.txt     optional; the expected exit code of the configure step (default 0)
#   <case>-stderr.txt     optional; a regex stderr must match. CMake wraps long messages and puts
#                         two spaces after a sentence, so the regex is matched against stderr as one
#                         line (a newline with the indentation after it, or a run of spaces, reads
#                         as one space).
#                         Without it, stderr must hold no "CMake Error".
#   <case>-command.txt    optional; a regex that some line of the generated build files must match
#                         (a custom command the case adds).
#   <case>-check.cmake    optional; run after a configure that met the expectations above. It sees
#                         CASE_BUILD_DIR, CASE_STDERR, TUNE_REPO and the helpers of CaseChecks.cmake,
#                         and reports a failure by appending to CASE_FAILED.
# The project's source folder gets a copy of sources/ (beside this script), so cases name kernels
# relatively (kernel.cpp).

cmake_minimum_required(VERSION 3.21)

if(NOT CASE)
  message(FATAL_ERROR "RunCMakeCase: pass the case name with -DCASE=<case>.")
endif()
set(RUNNER_DIR "${CMAKE_CURRENT_LIST_DIR}")
if(NOT CASE_DIR)
  set(CASE_DIR "${RUNNER_DIR}")
endif()
get_filename_component(TUNE_REPO "${RUNNER_DIR}/../.." ABSOLUTE)
if(NOT EXISTS "${CASE_DIR}/${CASE}.cmake")
  message(FATAL_ERROR "RunCMakeCase: no case file ${CASE_DIR}/${CASE}.cmake.")
endif()
if(NOT CASE_BINARY_DIR)
  set(CASE_BINARY_DIR "${CMAKE_CURRENT_BINARY_DIR}/cmake-case-${CASE}")
endif()
if(NOT CASE_GENERATOR)
  set(CASE_GENERATOR Ninja)
endif()

set(case_source_dir "${CASE_BINARY_DIR}/src")
set(CASE_BUILD_DIR "${CASE_BINARY_DIR}/build")
file(REMOVE_RECURSE "${CASE_BINARY_DIR}")
file(MAKE_DIRECTORY "${case_source_dir}")
file(COPY "${RUNNER_DIR}/sources/" DESTINATION "${case_source_dir}")

set(common "")
if(CASE_COMMON)
  set(common "include([==[${CASE_COMMON}]==])")
endif()
set(prelude "")
if(EXISTS "${CASE_DIR}/${CASE}-prelude.cmake")
  set(prelude "include([==[${CASE_DIR}/${CASE}-prelude.cmake]==])")
endif()
# tune::tune is /bin/true: finalize needs a tool target (Finalize.cmake _tune_tool) but these
# tests only configure. tune::kernel and tune::bench stand in for the installed libraries.
file(WRITE "${case_source_dir}/CMakeLists.txt" "cmake_minimum_required(VERSION 3.21)
project(case CXX)
set(TUNE_REPO [==[${TUNE_REPO}]==])
add_executable(tune::tune IMPORTED GLOBAL)
set_target_properties(tune::tune PROPERTIES IMPORTED_LOCATION /bin/true)
add_library(tune::kernel INTERFACE IMPORTED GLOBAL)
add_library(tune::bench INTERFACE IMPORTED GLOBAL)
${prelude}
if(NOT TUNE_CASE_NO_MODULE)
  include([==[${TUNE_REPO}/cmake/Tune.cmake]==])
endif()
${common}
include([==[${CASE_DIR}/${CASE}.cmake]==])
")

set(configure_args -S "${case_source_dir}" -B "${CASE_BUILD_DIR}" -G "${CASE_GENERATOR}")
if(CASE_MAKE_PROGRAM)
  list(APPEND configure_args "-DCMAKE_MAKE_PROGRAM=${CASE_MAKE_PROGRAM}")
endif()
if(CASE_CXX_COMPILER)
  list(APPEND configure_args "-DCMAKE_CXX_COMPILER=${CASE_CXX_COMPILER}")
endif()
# Flags from the environment would change the fixed conditions the cases rely on (a -march= in
# CXXFLAGS trips the global-ISA check).
set(ENV{CXXFLAGS} "")
execute_process(COMMAND "${CMAKE_COMMAND}" ${configure_args}
  RESULT_VARIABLE actual_result
  OUTPUT_VARIABLE actual_stdout
  ERROR_VARIABLE actual_stderr)

string(REGEX REPLACE "\r" "" actual_stderr "${actual_stderr}")
string(REGEX REPLACE "\n+$" "" actual_stderr "${actual_stderr}")
string(REGEX REPLACE "\n[ ]*" " " flat_stderr "${actual_stderr}")
string(REGEX REPLACE "  +" " " flat_stderr "${flat_stderr}")

set(CASE_FAILED "")

set(expected_result 0)
if(EXISTS "${CASE_DIR}/${CASE}-result.txt")
  file(READ "${CASE_DIR}/${CASE}-result.txt" expected_result)
  string(STRIP "${expected_result}" expected_result)
endif()
if(NOT actual_result STREQUAL expected_result)
  string(APPEND CASE_FAILED
    "Expected the configure step to exit with ${expected_result}, got ${actual_result}.\n")
endif()

if(EXISTS "${CASE_DIR}/${CASE}-stderr.txt")
  file(READ "${CASE_DIR}/${CASE}-stderr.txt" expected_stderr)
  string(REGEX REPLACE "\n+$" "" expected_stderr "${expected_stderr}")
  if(NOT flat_stderr MATCHES "${expected_stderr}")
    string(REPLACE "\n" "\n  expect-err> " shown "  expect-err> ${expected_stderr}")
    string(APPEND CASE_FAILED "Expected stderr (line wrapping undone) to match:\n${shown}\n")
  endif()
elseif(actual_stderr MATCHES "CMake Error")
  string(APPEND CASE_FAILED "Expected no \"CMake Error\" on stderr.\n")
endif()

if(CASE_FAILED STREQUAL "" AND EXISTS "${CASE_DIR}/${CASE}-command.txt")
  file(READ "${CASE_DIR}/${CASE}-command.txt" expected_command)
  string(STRIP "${expected_command}" expected_command)
  file(GLOB_RECURSE build_files "${CASE_BUILD_DIR}/build.ninja" "${CASE_BUILD_DIR}/*build.make")
  set(generated "")
  foreach(build_file IN LISTS build_files)
    file(READ "${build_file}" text)
    string(APPEND generated "${text}")
  endforeach()
  if(NOT generated MATCHES "${expected_command}")
    string(APPEND CASE_FAILED "Expected a generated command to match:\n  expect-command> ${expected_command}\n")
  endif()
endif()

if(CASE_FAILED STREQUAL "" AND EXISTS "${CASE_DIR}/${CASE}-check.cmake")
  set(CASE_STDERR "${actual_stderr}")
  include("${RUNNER_DIR}/CaseChecks.cmake")
  include("${CASE_DIR}/${CASE}-check.cmake")
endif()

if(NOT CASE_FAILED STREQUAL "")
  string(REPLACE "\n" "\n  actual-err> " shown_stderr "  actual-err> ${actual_stderr}")
  string(REGEX REPLACE "\n+$" "" actual_stdout "${actual_stdout}")
  string(REPLACE "\n" "\n  actual-out> " shown_stdout "  actual-out> ${actual_stdout}")
  message(FATAL_ERROR "Case ${CASE} failed (project in ${CASE_BINARY_DIR}).\n${CASE_FAILED}"
    "Actual stderr:\n${shown_stderr}\nActual stdout:\n${shown_stdout}\n")
endif()
message(STATUS "Case ${CASE} passed.")
