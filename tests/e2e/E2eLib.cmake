# Helpers for the end-to-end scenarios (each a `cmake -P` script run by CTest). A scenario
# configures and builds real projects that load cmake-tune, in its own fresh folder, and checks
# what the build left behind. Failed expectations are collected, so one run reports all of them;
# a step that must succeed for the rest to mean anything stops the scenario at once.
#
# Every scenario gets from tests/e2e/CMakeLists.txt (or tests/consumers/CMakeLists.txt):
#   WORK_DIR   the scenario's own folder (wiped first)    PREFIX  install prefix of the tool under test
#                                                          (empty when the tool is built from source)
#   CXX        the compiler of the build under test        NM      its nm
#   NINJA      ninja, for the Ninja generators             MAKE    make, for Unix Makefiles
#   E2E_DIR    tests/e2e in the source tree                REPO    the cmake-tune source tree
#   CTEST      ctest (the tune-test scenario)                OBJCOPY its objcopy (the isolation scenario)

cmake_minimum_required(VERSION 3.21)

foreach(_var WORK_DIR CXX NM E2E_DIR REPO)
  if(NOT DEFINED ${_var} OR "${${_var}}" STREQUAL "")
    message(FATAL_ERROR "e2e: ${CMAKE_SCRIPT_MODE_FILE} needs -D${_var}=...; run it through CTest.")
  endif()
endforeach()

# Only what a scenario sets reaches the tool: the caller's shell must not pick the policy or the
# sidecar. The history archive goes to the scenario's folder, never under ~.
foreach(_var TUNE_POLICY TUNE_MANIFEST TUNE_FORCE_FEATURES TUNE_CONTROL TUNE_VERBOSITY TUNE_NOISE_CEILING TUNE_ONLY
    TUNE_ALL)
  unset(ENV{${_var}})
endforeach()
# The scenarios assert from the event stream (what was raced, what was not), as a parent that
# renders the progress reads it; tests/e2e/scenarios/ci-output.cmake checks the log without it.
set(ENV{TUNE_EVENTS} 1)
set(ENV{TUNE_HISTORY} "${WORK_DIR}/history")
# The test machines are shared: a noise refusal would make these tests pass or fail with the
# neighbours' load. What they check (a 4x planted winner, identical rows tying) survives the noise.
set(ENV{TUNE_NOISE_OVERRIDE} 1)
# The machines have two cores shared by several users.
set(ENV{CMAKE_BUILD_PARALLEL_LEVEL} 2)

set_property(GLOBAL PROPERTY E2E_FAILURES "")
set_property(GLOBAL PROPERTY E2E_STEP 0)

# e2e_fresh_dir(): an empty WORK_DIR.
function(e2e_fresh_dir)
  file(REMOVE_RECURSE "${WORK_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}/logs")
endfunction()

function(e2e_fail text)
  get_property(_failures GLOBAL PROPERTY E2E_FAILURES)
  set_property(GLOBAL PROPERTY E2E_FAILURES "${_failures}\n  - ${text}")
  message(STATUS "e2e: FAILED: ${text}")
endfunction()

# e2e_finish(): fails the test with every collected failure.
function(e2e_finish)
  get_property(_failures GLOBAL PROPERTY E2E_FAILURES)
  if(NOT _failures STREQUAL "")
    message(FATAL_ERROR "e2e: expectations failed:${_failures}")
  endif()
  message(STATUS "e2e: every expectation held")
endfunction()

# e2e_run(<step> [MAY_FAIL] COMMAND <cmd>...): runs a command with stdout and stderr merged,
# logs it under WORK_DIR/logs and echoes it (without the per-step progress events). Sets E2E_RC
# and E2E_OUTPUT in the caller. Without MAY_FAIL a non-zero exit stops the scenario.
function(e2e_run step)
  cmake_parse_arguments(PARSE_ARGV 1 arg "MAY_FAIL" "" "COMMAND")
  get_property(_n GLOBAL PROPERTY E2E_STEP)
  math(EXPR _n "${_n} + 1")
  set_property(GLOBAL PROPERTY E2E_STEP ${_n})
  string(REPLACE ";" " " _shown "${arg_COMMAND}")
  message(STATUS "e2e: [${step}] ${_shown}")
  execute_process(COMMAND ${arg_COMMAND} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  file(WRITE "${WORK_DIR}/logs/${_n}-${step}.log" "$ ${_shown}\n${_out}\n(exit ${_rc})\n")
  string(REGEX REPLACE "@tune step [^\n]*\n" "" _brief "${_out}")
  message("${_brief}(exit ${_rc})")
  if(NOT arg_MAY_FAIL AND NOT _rc EQUAL 0)
    message(FATAL_ERROR "e2e: step ${step} failed (exit ${_rc}); see the output above "
      "and ${WORK_DIR}/logs/${_n}-${step}.log.")
  endif()
  set(E2E_RC "${_rc}" PARENT_SCOPE)
  set(E2E_OUTPUT "${_out}" PARENT_SCOPE)
endfunction()

# e2e_configure(<step> <source> <binary> <generator> [<cache args>...])
function(e2e_configure step source binary generator)
  set(_program "")
  if(generator MATCHES "Ninja" AND NINJA)
    set(_program "-DCMAKE_MAKE_PROGRAM=${NINJA}")
  elseif(generator MATCHES "Makefiles" AND MAKE)
    set(_program "-DCMAKE_MAKE_PROGRAM=${MAKE}")
  endif()
  set(_prefix "")
  if(PREFIX)
    set(_prefix "-DCMAKE_PREFIX_PATH=${PREFIX}")
  endif()
  e2e_run(${step} COMMAND "${CMAKE_COMMAND}" -S "${source}" -B "${binary}" -G "${generator}" ${_program}
    "-DCMAKE_CXX_COMPILER=${CXX}" ${_prefix} ${ARGN})
  set(E2E_OUTPUT "${E2E_OUTPUT}" PARENT_SCOPE)
endfunction()

# e2e_build(<step> <binary> [MAY_FAIL] [TARGET <t>] [CONFIG <c>] [ENV <NAME=value>...]): one
# `cmake --build`, with the environment given through `cmake -E env`.
function(e2e_build step binary)
  cmake_parse_arguments(PARSE_ARGV 2 arg "MAY_FAIL" "TARGET;CONFIG" "ENV")
  set(_cmd "${CMAKE_COMMAND}" --build "${binary}")
  if(arg_TARGET)
    list(APPEND _cmd --target "${arg_TARGET}")
  endif()
  if(arg_CONFIG)
    list(APPEND _cmd --config "${arg_CONFIG}")
  endif()
  if(arg_ENV)
    set(_cmd "${CMAKE_COMMAND}" -E env ${arg_ENV} ${_cmd})
  endif()
  if(arg_MAY_FAIL)
    e2e_run(${step} MAY_FAIL COMMAND ${_cmd})
  else()
    e2e_run(${step} COMMAND ${_cmd})
  endif()
  set(E2E_RC "${E2E_RC}" PARENT_SCOPE)
  set(E2E_OUTPUT "${E2E_OUTPUT}" PARENT_SCOPE)
endfunction()

# e2e_first_feature(<out> <tool>): the first feature `<tool> box` lists for this box; taking it
# away (TUNE_FORCE_FEATURES=-<it>) gives another feature set on any box.
function(e2e_first_feature out tool)
  e2e_run(box COMMAND "${tool}" box)
  string(REGEX MATCH "\nfeatures +([^ \n]+)" _ "${E2E_OUTPUT}")
  if(CMAKE_MATCH_1 STREQUAL "")
    message(FATAL_ERROR "e2e: `tune box` listed no features:\n${E2E_OUTPUT}")
  endif()
  set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
endfunction()

# --- expectations ---------------------------------------------------------------------------

function(e2e_expect_equal what actual expected)
  if(NOT "${actual}" STREQUAL "${expected}")
    e2e_fail("${what}: expected '${expected}', got '${actual}'")
  endif()
endfunction()

function(e2e_expect_contains what text needle)
  string(FIND "${text}" "${needle}" _at)
  if(_at EQUAL -1)
    string(LENGTH "${text}" _len)
    if(_len GREATER 600)
      string(SUBSTRING "${text}" 0 600 text)
      set(text "${text}...")
    endif()
    e2e_fail("${what}: expected to find '${needle}' in:\n${text}")
  endif()
endfunction()

function(e2e_expect_matches what text regex)
  if(NOT "${text}" MATCHES "${regex}")
    e2e_fail("${what}: expected a match of the regex '${regex}' in:\n${text}")
  endif()
endfunction()

function(e2e_expect_not_contains what text needle)
  string(FIND "${text}" "${needle}" _at)
  if(NOT _at EQUAL -1)
    e2e_fail("${what}: '${needle}' must not appear, but it does")
  endif()
endfunction()

# e2e_unwrap(<out> <text>): every run of spaces and newlines as one space, so a message CMake
# wrapped over several lines reads as written.
function(e2e_unwrap out text)
  string(REGEX REPLACE "[ \n]+" " " text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(e2e_expect_exists path)
  if(NOT EXISTS "${path}")
    e2e_fail("expected the file ${path}; it does not exist")
  endif()
endfunction()

function(e2e_expect_absent path)
  if(EXISTS "${path}")
    e2e_fail("${path} must not exist, but it does")
  endif()
endfunction()

# e2e_read(<out> <file>): the file's text, or "" and a failure when it is missing.
function(e2e_read out file)
  if(NOT EXISTS "${file}")
    e2e_fail("expected the file ${file}; it does not exist")
    set(${out} "" PARENT_SCOPE)
    return()
  endif()
  file(READ "${file}" _text)
  set(${out} "${_text}" PARENT_SCOPE)
endfunction()

# e2e_json(<out> <json> <member>...): the member's value, or "<missing ...>" (never a match).
function(e2e_json out json)
  string(JSON _value ERROR_VARIABLE _error GET "${json}" ${ARGN})
  if(_error)
    set(_value "<missing ${ARGN}: ${_error}>")
  endif()
  set(${out} "${_value}" PARENT_SCOPE)
endfunction()

# e2e_json_members(<out> <json> <member>...): the keys of an object member, as a list.
function(e2e_json_members out json)
  set(_keys "")
  string(JSON _n ERROR_VARIABLE _error LENGTH "${json}" ${ARGN})
  if(NOT _error AND _n GREATER 0)
    math(EXPR _last "${_n} - 1")
    foreach(_i RANGE ${_last})
      string(JSON _key MEMBER "${json}" ${ARGN} ${_i})
      list(APPEND _keys "${_key}")
    endforeach()
  endif()
  set(${out} "${_keys}" PARENT_SCOPE)
endfunction()

# e2e_symbols(<out> <file>): `nm -C` of a binary or object (every symbol, defined or not).
function(e2e_symbols out file)
  execute_process(COMMAND "${NM}" -C "${file}" RESULT_VARIABLE _rc OUTPUT_VARIABLE _syms ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    e2e_fail("${NM} -C ${file} failed: ${_err}")
  endif()
  set(${out} "${_syms}" PARENT_SCOPE)
endfunction()

# e2e_expect_symbols(<binary> HAS <sym>... LACKS <sym>...): symbol names as in C++ source.
function(e2e_expect_symbols binary)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "HAS;LACKS")
  e2e_symbols(_syms "${binary}")
  foreach(_sym IN LISTS arg_HAS)
    e2e_expect_contains("nm ${binary}" "${_syms}" " ${_sym}(")
  endforeach()
  foreach(_sym IN LISTS arg_LACKS)
    e2e_expect_not_contains("nm ${binary} (a losing row is linked)" "${_syms}" "${_sym}(")
  endforeach()
endfunction()

# e2e_mtimes(<out> <dir>): "<path>=<mtime>" for every file under <dir>. Whole seconds only, so
# callers wait over a second boundary before the step they compare across.
function(e2e_mtimes out dir)
  file(GLOB_RECURSE _files LIST_DIRECTORIES false "${dir}/*")
  list(SORT _files)
  set(_stamps "")
  foreach(_file IN LISTS _files)
    file(TIMESTAMP "${_file}" _t "%s" UTC)
    list(APPEND _stamps "${_file}=${_t}")
  endforeach()
  set(${out} "${_stamps}" PARENT_SCOPE)
endfunction()

# e2e_expect_same_mtimes(<what> <before> <after>): names every file written, created or removed.
function(e2e_expect_same_mtimes what before after)
  set(_changed "")
  foreach(_stamp IN LISTS after)
    if(NOT _stamp IN_LIST before)
      string(REGEX REPLACE "=[0-9]+$" "" _file "${_stamp}")
      list(APPEND _changed "written or created: ${_file}")
    endif()
  endforeach()
  foreach(_stamp IN LISTS before)
    string(REGEX REPLACE "=[0-9]+$" "" _file "${_stamp}")
    if(NOT EXISTS "${_file}")
      list(APPEND _changed "removed: ${_file}")
    endif()
  endforeach()
  if(_changed)
    string(REPLACE ";" "\n    " _text "${_changed}")
    e2e_fail("${what}: files changed:\n    ${_text}")
  endif()
endfunction()

# e2e_wait_past_second(): so a rewrite after this point shows in whole-second mtimes.
function(e2e_wait_past_second)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E sleep 1.1)
endfunction()

# e2e_expect_remint_compiles_nothing(<step> <binary> <no-work text> [SEATS_MAY_MOVE] COMMAND <re-mint>...):
# a re-mint (the tune target under TUNE_ALL=1, `tune mint --all`) that leaves every stamp header
# (and Fortran module) as it was makes the next build compile and link nothing, and the build after that finds no work
# (issue 46), whatever else (a GENERATOR's reconfigure, the stamp step) runs in between. A re-mint
# that changes a header fails the test, unless SEATS_MAY_MOVE (families that are not planted):
# then the rebuild it causes is right, and says so in the log.
function(e2e_expect_remint_compiles_nothing step binary no_work)
  cmake_parse_arguments(PARSE_ARGV 3 arg "SEATS_MAY_MOVE" "" "COMMAND")
  # Everything up to date first, so what the rebuild does is the re-mint's doing.
  e2e_build(${step}-before "${binary}")
  file(GLOB _headers "${binary}/tune/include/tune/kernels/*.h" "${binary}/tune/include/tune/kernels/*.f90")
  if(NOT _headers)
    e2e_fail("${step}: ${binary} has no stamp headers to compare")
  endif()
  foreach(_header IN LISTS _headers)
    file(SHA256 "${_header}" _before_${_header})
  endforeach()
  e2e_run(${step} COMMAND ${arg_COMMAND})
  set(_moved "")
  foreach(_header IN LISTS _headers)
    file(SHA256 "${_header}" _after)
    if(NOT _after STREQUAL _before_${_header})
      list(APPEND _moved "${_header}")
    endif()
  endforeach()
  if(_moved AND arg_SEATS_MAY_MOVE)
    message(STATUS "${step}: the re-mint changed ${_moved}; a rebuild is due, so it is not checked")
    e2e_build(${step}-rebuild "${binary}")
    return()
  elseif(_moved)
    e2e_fail("${step}: the re-mint changed ${_moved}, though no seat of these planted families may move:\n${E2E_OUTPUT}")
  endif()
  e2e_build(${step}-rebuild "${binary}")
  foreach(_busy "Building C" "Building Fortran" "Linking C")
    e2e_expect_not_contains("the build after ${step} (no header changed)" "${E2E_OUTPUT}" "${_busy}")
  endforeach()
  e2e_build(${step}-noop "${binary}")
  e2e_expect_contains("the second build after ${step}" "${E2E_OUTPUT}" "${no_work}")
  foreach(_busy "Stamping kernel families" "Re-running CMake" "Building C" "Building Fortran" "Linking C")
    e2e_expect_not_contains("the second build after ${step}" "${E2E_OUTPUT}" "${_busy}")
  endforeach()
endfunction()
