# The row compiler launcher, cmake/tune/compile-row.cmake, in one-edge Ninja builds that run it as
# a project's row compile runs it (cmake/tune/Rows.cmake), after launcher.sh as the project's own
# launcher, which fails the next compile the way mode.txt says (launcher.sh lists the ways):
#
# - a compile error is recorded as a failed row (docs/fixtures.md "Rows that fail"): the empty
#   stand-in object and <object>.tune-fail.txt, its first lines shown with their ';' and no CMake
#   warning, and the next build has nothing to do;
# - a compile that failed for a reason outside the row's code (a compiler killed by a signal, no
#   space or memory left, a failure without a diagnostic) is not: the build fails naming the row
#   and the cause, no object is left, and the next build compiles the row again.
#
#   cmake -DWORK_DIR=<dir> -DCXX=<C++ compiler> [-DNINJA=<ninja>] -P CompileRow.cmake

cmake_minimum_required(VERSION 3.21)

if(NOT WORK_DIR OR NOT CXX)
  message(FATAL_ERROR "CompileRow: pass -DWORK_DIR=<dir> and -DCXX=<C++ compiler>.")
endif()
if(NOT NINJA)
  find_program(NINJA NAMES ninja ninja-build)
  if(NOT NINJA)
    message(FATAL_ERROR "CompileRow: no ninja found; pass -DNINJA=<ninja>.")
  endif()
endif()
get_filename_component(_repo "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(_compile_row "${_repo}/cmake/tune/compile-row.cmake")
set(_launcher "${CMAKE_CURRENT_LIST_DIR}/launcher.sh")
file(REMOVE_RECURSE "${WORK_DIR}")

function(_fail what)
  set_property(GLOBAL APPEND_STRING PROPERTY _FAILED "${what}\n")
endfunction()

function(_expect_contains what text needle)
  string(FIND "${text}" "${needle}" _at)
  if(_at EQUAL -1)
    _fail("${what}: expected to find [${needle}] in:\n${text}")
  endif()
endfunction()

function(_expect_lacks what text needle)
  string(FIND "${text}" "${needle}" _at)
  if(NOT _at EQUAL -1)
    _fail("${what}: expected no [${needle}] in:\n${text}")
  endif()
endfunction()

# _project(<name> <critical>): a folder with row.cpp and a build.ninja compiling it to row.o as
# the row dot__x, of CRITICAL <critical> (empty, reference or fallback).
function(_project name critical)
  set(_dir "${WORK_DIR}/${name}")
  file(MAKE_DIRECTORY "${_dir}")
  file(WRITE "${_dir}/row.cpp" "int dot__x() { return 1; }\n")
  file(WRITE "${_dir}/build.ninja" "rule cxx
  command = \"${CMAKE_COMMAND}\" -DROW=dot__x -DCRITICAL=${critical} \"-DCOMPILER=${CXX}\" $
    -P \"${_compile_row}\" -- /bin/sh \"${_launcher}\" \"${CXX}\" -MD -MT $out -MF $out.d -o $out -c $in
  depfile = $out.d
  deps = gcc
build row.o: cxx row.cpp
")
endfunction()

# _build(<name> <step>): runs ninja in <name>'s folder; sets rc and output in the caller.
function(_build name step)
  execute_process(COMMAND "${NINJA}" -C "${WORK_DIR}/${name}"
    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  file(WRITE "${WORK_DIR}/${name}/${step}.log" "${_out}")
  set(rc "${_rc}" PARENT_SCOPE)
  set(output "${_out}" PARENT_SCOPE)
  # CMake wraps a FATAL_ERROR's text: a newline and its indentation, or a run of spaces, read as one space.
  string(REGEX REPLACE "\n[ ]*" " " _flat "${_out}")
  string(REGEX REPLACE "  +" " " _flat "${_flat}")
  set(flat "${_flat}" PARENT_SCOPE)
endfunction()

# The row's own object: its entry's name is in it (the stand-in, compiled from /dev/null, has none).
function(_expect_real_object what name)
  set(_object "${WORK_DIR}/${name}/row.o")
  if(NOT EXISTS "${_object}")
    _fail("${what}: expected ${_object}")
    return()
  endif()
  file(STRINGS "${_object}" _entry REGEX "dot__x")
  if(NOT _entry)
    _fail("${what}: ${_object} is not the row's compiled code (no dot__x in it)")
  endif()
  if(EXISTS "${_object}.tune-fail.txt")
    _fail("${what}: expected no ${_object}.tune-fail.txt")
  endif()
endfunction()

# A compile error: recorded, shown once with its ';' intact, and not compiled again.
_project(error "")
file(WRITE "${WORK_DIR}/error/mode.txt" "error")
_build(error build)
if(NOT rc EQUAL 0)
  _fail("error: a row that does not compile must not fail the build (ninja exited ${rc}):\n${output}")
endif()
_expect_contains("error: the row is named as left out" "${flat}"
  "cmake-tune: row dot__x does not compile; it is left out of the race")
_expect_contains("error: the diagnostic's ';' is kept" "${output}"
  "\n    row.cpp:1:24: error: expected ';' before '}' token\n")
_expect_contains("error: a line ending in ';' is kept" "${output}"
  "\n          |                        ;\n")
_expect_lacks("error: no policy warning" "${output}" "CMP0007")
_expect_lacks("error: no CMake warning" "${output}" "CMake Warning")
set(_record "${WORK_DIR}/error/row.o.tune-fail.txt")
if(EXISTS "${_record}")
  file(READ "${_record}" _recorded)
  _expect_contains("error: the record holds the whole diagnostic" "${_recorded}"
    "row.cpp:1:24: error: expected ';' before '}' token\n    1 | int dot__bad() { return 1 }\n")
else()
  _fail("error: expected the record ${_record}")
endif()
if(NOT EXISTS "${WORK_DIR}/error/row.o")
  _fail("error: expected the stand-in object ${WORK_DIR}/error/row.o")
endif()
_build(error again)
_expect_contains("error: a recorded failure is not compiled again" "${output}" "no work to do")

# Failures from outside the row's code, each after the row had compiled once and its source
# changed: the build fails, leaves no object and no record, and the next build compiles the row.
foreach(_case "signal|its compile ended without an exit code (Subprocess killed)"
              "gcc-kill|g++: fatal error: Killed signal terminated program cc1plus"
              "no-space|No space left on device"
              "no-memory|cc1plus: out of memory allocating 1073745919 bytes"
              "silent|its compile failed (exit code 255) without a diagnostic")
  string(REPLACE "|" ";" _case "${_case}")
  list(GET _case 0 _mode)
  list(GET _case 1 _cause)
  _project(${_mode} "")
  _build(${_mode} first)
  _expect_real_object("${_mode}: the first build" ${_mode})
  file(WRITE "${WORK_DIR}/${_mode}/row.cpp" "int dot__x() { return 2; }\n")
  file(WRITE "${WORK_DIR}/${_mode}/mode.txt" "${_mode}")
  _build(${_mode} failed)
  if(rc EQUAL 0)
    _fail("${_mode}: the build must fail:\n${output}")
  endif()
  _expect_contains("${_mode}: the message names the row" "${flat}" "cmake-tune: row dot__x did not compile")
  _expect_contains("${_mode}: the message names the cause" "${flat}" "${_cause}")
  _expect_contains("${_mode}: the message says it is compiled again" "${flat}" "the next build compiles it again")
  _expect_lacks("${_mode}: the row is not left out" "${flat}" "it is left out of the race")
  if(EXISTS "${WORK_DIR}/${_mode}/row.o")
    _fail("${_mode}: the failed compile must leave no object")
  endif()
  if(EXISTS "${WORK_DIR}/${_mode}/row.o.tune-fail.txt")
    _fail("${_mode}: the failed compile must not be recorded as the row's failure")
  endif()
  _build(${_mode} retried)
  if(NOT rc EQUAL 0)
    _fail("${_mode}: the next build must compile the row (ninja exited ${rc}):\n${output}")
  endif()
  _expect_lacks("${_mode}: the next build compiles the row" "${output}" "no work to do")
  _expect_real_object("${_mode}: the next build" ${_mode})
  _build(${_mode} noop)
  _expect_contains("${_mode}: then nothing is left to do" "${output}" "no work to do")
endforeach()

# The reference's compile, failed from outside, asks for no fix of its code.
_project(reference-no-space reference)
file(WRITE "${WORK_DIR}/reference-no-space/mode.txt" "no-space")
_build(reference-no-space build)
if(rc EQUAL 0)
  _fail("reference-no-space: the build must fail:\n${output}")
endif()
_expect_contains("reference-no-space: the cause" "${flat}" "No space left on device")
_expect_contains("reference-no-space: compiled again" "${flat}" "the next build compiles it again")
_expect_lacks("reference-no-space: no fix of the code asked" "${flat}" "fix the error above")

get_property(_failed GLOBAL PROPERTY _FAILED)
if(_failed)
  message("${_failed}")
  message(FATAL_ERROR "CompileRow failed (the builds are in ${WORK_DIR}, each step's output in <case>/<step>.log).")
endif()
message(STATUS "CompileRow passed.")
