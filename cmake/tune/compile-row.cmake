# Build-time script: the compiler launcher of every row's objects (tune/Rows.cmake), run as
#   cmake -DROW=<family>__<suffix> -DCRITICAL=<reference|fallback|> -DCOMPILER=<compiler>
#         [-DLANG=<C|CXX|Fortran>] [-DTEMPLATE=ON [-DTEMPLATE_DEFINES=<d>,...]] -P compile-row.cmake --
#         [<the project's launcher>...] <compiler> <arguments>...
# It runs the compile as given, so ccache, compile_commands.json and IDEs see the row's ordinary
# compile, and keeps a copy of its depfile beside the object for the row's identities. When it fails and the row is neither the family's reference nor in its FALLBACK chain,
# the row is left out instead of failing the build (docs/fixtures.md "Rows that fail"): the diagnostic
# is kept beside the object as <object>.tune-fail.txt (`tune isolate`, tuner/isolate/isolate.h, records the row as failed),
# shown here once, and an empty object stands in for it. The depfile still names the row's real
# source and headers, so editing them compiles the row again.
# A compile that failed for a reason outside the row's code (the compiler killed, no space or
# memory left) is not recorded: the build fails with no object, so the next build compiles the row.

# Script mode starts with every policy unset; the project's minimum (CMakeLists.txt) sets them all
# (CMP0007: list() keeps empty elements, and says nothing about them).
cmake_minimum_required(VERSION 3.21)
include("${CMAKE_CURRENT_LIST_DIR}/script-command.cmake")
_tune_script_command(_command)

# The object, the source and the depfile, as CMake's compile rules name them.
set(_object "")
set(_source "")
set(_depfile "")
set(_next "")
foreach(_arg IN LISTS _command)
  if(_next STREQUAL "o")
    set(_object "${_arg}")
  elseif(_next STREQUAL "c")
    set(_source "${_arg}")
  elseif(_next STREQUAL "MF")
    set(_depfile "${_arg}")
  endif()
  set(_next "")
  if(_arg STREQUAL "-o")
    set(_next o)
  elseif(_arg STREQUAL "-c")
    set(_next c)
  elseif(_arg STREQUAL "-MF")
    set(_next MF)
  endif()
endforeach()

# The compile without its object and its own dependency options (_deps_command), for the
# preprocessor to list what the source reads.
macro(_tune_deps_command)
  set(_deps_command "")
  set(_skip FALSE)
  foreach(_arg IN LISTS _command)
    if(_skip)
      set(_skip FALSE)
    elseif(_arg MATCHES "^-(o|MF|MT|MQ)$")
      set(_skip TRUE)
    elseif(NOT _arg MATCHES "^-(c|MD|MMD)$")
      list(APPEND _deps_command "${_arg}")
    endif()
  endforeach()
endmacro()

# CMake's Fortran rules pass no -MF. With Ninja, CMake preprocesses a Fortran source in a step of
# its own, whose dependency file lies beside the preprocessed source the compile reads
# (-fpreprocessed <source>-pp.f90); with the Makefile generators the compile preprocesses, and the
# preprocessor lists what it read (less the module files the row itself writes). Sets _depfile.
macro(_tune_fortran_depfile)
  if("-fpreprocessed" IN_LIST _command AND EXISTS "${_source}.d")
    set(_depfile "${_source}.d")
  else()
    _tune_deps_command()
    set(_depfile "${_object}.tune-fortran.d")
    execute_process(COMMAND ${_deps_command} -cpp -M -MT "${_object}" -MF "${_depfile}"
      RESULT_VARIABLE _deps_rc OUTPUT_QUIET ERROR_QUIET)
    if(_deps_rc EQUAL 0 AND EXISTS "${_depfile}")
      file(READ "${_depfile}" _deps)
      string(REGEX REPLACE " [^ \n]+[.]mod( |\n|$)" "\\1" _deps "${_deps}")
      file(WRITE "${_depfile}" "${_deps}")
    else()
      file(REMOVE "${_depfile}")
      set(_depfile "")
    endif()
  endif()
endmacro()

# A Fortran compile's module folder (-J<dir>): CMake makes a row's, but a searched row's compile
# (below, _tune_fortran_template) names one of its own.
foreach(_arg IN LISTS _command)
  if(_arg MATCHES "^-J(.+)$")
    file(MAKE_DIRECTORY "${CMAKE_MATCH_1}")
  endif()
endforeach()

# The template of a searched Fortran family (_template_command, from _command): modules in a folder
# per object, so the rows a search compiles side by side keep theirs apart; and with Ninja, where
# the compile reads what CMake's step of its own preprocessed (-fpreprocessed <source>-pp.f90), the
# compile of the source itself, through the preprocessor, with the row's macros (TEMPLATE_DEFINES)
# and the source its dependency file names first: the compile the tool varies.
macro(_tune_fortran_template)
  set(_template_command "")
  set(_original "")
  if("-fpreprocessed" IN_LIST _command AND EXISTS "${_source}.d")
    file(READ "${_source}.d" _pp_deps)
    string(REPLACE "\\\n" " " _pp_deps "${_pp_deps}")
    if(_pp_deps MATCHES "^[^:]*: *([^ \n]+)")
      set(_original "${CMAKE_MATCH_1}")
    endif()
  endif()
  string(REPLACE "," ";" _template_defines "${TEMPLATE_DEFINES}")
  foreach(_arg IN LISTS _command)
    if(_arg MATCHES "^-J")
      list(APPEND _template_command "-J${_object}.modules")
    elseif(_original AND _arg STREQUAL "-fpreprocessed")
      list(APPEND _template_command -cpp)
      foreach(_define IN LISTS _template_defines)
        list(APPEND _template_command "-D${_define}")
      endforeach()
    elseif(_original AND _arg STREQUAL _source)
      list(APPEND _template_command "${_original}")
    else()
      list(APPEND _template_command "${_arg}")
    endif()
  endforeach()
endmacro()

execute_process(COMMAND ${_command} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
set(_text "${_out}${_err}")
string(REGEX REPLACE "\n$" "" _text "${_text}")
if(_rc EQUAL 0)
  if(_object)
    file(REMOVE "${_object}.tune-fail.txt")
    # What the compile read, for the row's recipe identity (tuner/isolate/identity.h): Ninja
    # deletes the depfile once it has read it, so isolation gets a copy, and the folder its
    # relative names are relative to (in script mode CMAKE_CURRENT_BINARY_DIR is the cwd).
    if(LANG STREQUAL "Fortran" AND NOT _depfile)
      _tune_fortran_depfile()
    endif()
    if(_depfile AND EXISTS "${_depfile}")
      file(COPY_FILE "${_depfile}" "${_object}.tune-deps.d")
      file(WRITE "${_object}.tune-deps.cwd" "${CMAKE_CURRENT_BINARY_DIR}\n")
    else()
      file(REMOVE "${_object}.tune-deps.d" "${_object}.tune-deps.cwd")
    endif()
    # A searched family's template row (tune/Search.cmake): its compile, one argument per line,
    # which the tool varies to compile the rows a search visits (tuner/mint/search_rows.h).
    if(TEMPLATE)
      set(_template_command "${_command}")
      if(LANG STREQUAL "Fortran")
        _tune_fortran_template()
      endif()
      string(REPLACE ";" "\n" _lines "${_template_command}")
      file(WRITE "${_object}.tune-args.tmp"
        "cwd=${CMAKE_CURRENT_BINARY_DIR}\ncompiler=${COMPILER}\nlang=${LANG}\nobject=${_object}\n--\n${_lines}\n")
      file(RENAME "${_object}.tune-args.tmp" "${_object}.tune-args")
    endif()
  endif()
  if(NOT _text STREQUAL "")
    message("${_text}")
  endif()
  return()
endif()

# A failure from outside the row's code says nothing about the row: recorded, it would keep the row
# out until its source changed, since the empty object would satisfy the build. So the build fails
# now, with no object left, and the next build compiles the row again. A signal that ended the
# command shows as execute_process's text instead of an exit code ("Subprocess killed"); GCC's and
# Clang's drivers name a killed compiler proper (GCC 12: "Killed signal terminated program
# cc1plus"); ccache exits 255 without a word when the compiler it ran was killed.
set(_cause "")
set(_signal "(Killed|Terminated|Interrupt|Hangup)")
set(_killed "${_signal}( signal terminated program| \\(program)|unable to execute command: ${_signal}")
set(_memory "(out of memory allocating|virtual memory exhausted|LLVM ERROR: out of memory|Cannot allocate memory)")
if(NOT _rc MATCHES "^-?[0-9]+$")
  set(_cause "its compile ended without an exit code (${_rc})")
  set(_fix "if the out-of-memory killer killed it, build with fewer parallel jobs (-j)")
elseif(_text MATCHES "[^\n]*(No space left on device|Disk quota exceeded)[^\n]*")
  set(_cause "no space was left (${CMAKE_MATCH_0})")
  set(_fix "free space on the disk (or within your quota)")
elseif(_text MATCHES "[^\n]*(${_killed})[^\n]*")
  set(_cause "its compiler was killed (${CMAKE_MATCH_0})")
  set(_fix "if the out-of-memory killer killed it, build with fewer parallel jobs (-j)")
elseif(_text MATCHES "[^\n]*${_memory}[^\n]*")
  set(_cause "its compiler ran out of memory (${CMAKE_MATCH_0})")
  set(_fix "build with fewer parallel jobs (-j) or free memory")
elseif(_text STREQUAL "")
  string(CONCAT _cause "its compile failed (exit code ${_rc}) without a diagnostic, as ccache does when "
    "the compiler it ran was killed")
  set(_fix "if the out-of-memory killer killed it, build with fewer parallel jobs (-j)")
endif()
if(NOT _cause STREQUAL "")
  if(NOT _text STREQUAL "")
    message("${_text}")
  endif()
  if(_object)
    file(REMOVE "${_object}" "${_object}.tune-fail.txt")
  endif()
  message(FATAL_ERROR "cmake-tune: row ${ROW} did not compile because ${_cause}. That is no fault of the row's "
    "code, so the row is not recorded as failed (this build stops; the next build compiles it again): ${_fix}, "
    "then build again.")
endif()

if(CRITICAL OR NOT _object)
  if(CRITICAL STREQUAL "reference")
    set(_why "it is the family's reference")
  elseif(CRITICAL STREQUAL "fallback")
    set(_why "it is in the family's FALLBACK chain")
  else()
    set(_why "its compile names no object (-o)")
  endif()
  message("${_text}")
  message(FATAL_ERROR "cmake-tune: row ${ROW} does not compile, and ${_why}, so it must: fix the error above "
    "(other rows of a grid may fail; they are left out of the race).")
endif()

get_filename_component(_record "${_object}.tune-fail.txt" ABSOLUTE)
file(WRITE "${_record}" "${_text}\n")
# The first four lines that are not empty, taken as a string: a list would split the diagnostic's ';'.
string(REGEX REPLACE "\n\n+" "\n" _first "${_text}")
string(REGEX REPLACE "^\n" "" _first "${_first}")
string(REGEX MATCH "^[^\n]*(\n[^\n]*)?(\n[^\n]*)?(\n[^\n]*)?" _first "${_first}")
string(REPLACE "\n" "\n    " _first "${_first}")
message("cmake-tune: row ${ROW} does not compile; it is left out of the race (the whole diagnostic is in "
  "${_record}):\n    ${_first}")

execute_process(COMMAND "${COMPILER}" -x c -c -o "${_object}" /dev/null RESULT_VARIABLE _rc ERROR_VARIABLE _err)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "cmake-tune: cannot make the empty object that stands in for row ${ROW} (${COMPILER}): ${_err}")
endif()

if(_depfile)
  # The failed compile wrote no depfile; the preprocessor can still list what the source includes
  # (-MG: a missing header too), so the build knows what to watch.
  _tune_deps_command()
  execute_process(COMMAND ${_deps_command} -M -MG -MT "${_object}" -MF "${_depfile}"
    RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT _rc EQUAL 0)
    file(WRITE "${_depfile}" "${_object}: ${_source}\n")
  endif()
endif()
