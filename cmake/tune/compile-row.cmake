# Build-time script: the compiler launcher of every row's objects (tune/Rows.cmake), run as
#   cmake -DROW=<family>__<suffix> -DCRITICAL=<reference|fallback|> -DCOMPILER=<compiler>
#         -P compile-row.cmake -- [<the project's launcher>...] <compiler> <arguments>...
# It runs the compile as given, so ccache, compile_commands.json and IDEs see the row's ordinary
# compile, and keeps a copy of its depfile beside the object for the row's identities. When it fails and the row is neither the family's reference nor in its FALLBACK chain,
# the row is left out instead of failing the build (docs/fixtures.md "Rows that fail"): the diagnostic
# is kept beside the object as <object>.tune-fail.txt (`tune isolate`, tuner/isolate/isolate.h, records the row as failed),
# shown here once, and an empty object stands in for it. The depfile still names the row's real
# source and headers, so editing them compiles the row again.

cmake_policy(SET CMP0057 NEW)
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

execute_process(COMMAND ${_command} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
set(_text "${_out}${_err}")
string(REGEX REPLACE "\n$" "" _text "${_text}")
if(_rc EQUAL 0)
  if(_object)
    file(REMOVE "${_object}.tune-fail.txt")
    # What the compile read, for the row's recipe identity (tuner/isolate/identity.h): Ninja
    # deletes the depfile once it has read it, so isolation gets a copy, and the folder its
    # relative names are relative to (in script mode CMAKE_CURRENT_BINARY_DIR is the cwd).
    if(_depfile AND EXISTS "${_depfile}")
      file(COPY_FILE "${_depfile}" "${_object}.tune-deps.d")
      file(WRITE "${_object}.tune-deps.cwd" "${CMAKE_CURRENT_BINARY_DIR}\n")
    else()
      file(REMOVE "${_object}.tune-deps.d" "${_object}.tune-deps.cwd")
    endif()
  endif()
  if(NOT _text STREQUAL "")
    message("${_text}")
  endif()
  return()
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
string(REGEX MATCHALL "[^\n]+" _lines "${_text}")
list(SUBLIST _lines 0 4 _first)
string(REPLACE ";" "\n    " _first "${_first}")
message("cmake-tune: row ${ROW} does not compile; it is left out of the race (the whole diagnostic is in "
  "${_record}):\n    ${_first}")

execute_process(COMMAND "${COMPILER}" -x c -c -o "${_object}" /dev/null RESULT_VARIABLE _rc ERROR_VARIABLE _err)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "cmake-tune: cannot make the empty object that stands in for row ${ROW} (${COMPILER}): ${_err}")
endif()

if(_depfile)
  # The failed compile wrote no depfile; the preprocessor can still list what the source includes
  # (-MG: a missing header too), so the build knows what to watch.
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
  execute_process(COMMAND ${_deps_command} -M -MG -MT "${_object}" -MF "${_depfile}"
    RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT _rc EQUAL 0)
    file(WRITE "${_depfile}" "${_object}: ${_source}\n")
  endif()
endif()
