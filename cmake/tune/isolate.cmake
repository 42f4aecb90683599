# Build-time script: turns one row's object files into a single object that exports only the
# row's entry symbol and its companions' symbols (docs/cmake-api.md, tune_kernel_family). Everything else the
# row defines, inline and template instantiations included, becomes local and its COMDAT groups
# are dissolved, so no code compiled under one row's ISA flags can be picked by the linker for
# another row.
#
# Then byte-identical copies of that object, the k-th (from 1) with its exports renamed
# tune_relocated<k>__<name>: the bench links them all, so the validation re-race can time the seat
# and the fallback at other addresses (docs/measurement.md rule 8;
# docs/notes/race-real-passes-2026-11.md "Address episodes").
# Nothing references the copies outside the bench, so the final link never pulls them from the
# family's archive.
#
# A row that did not compile (compile-row.cmake left <object>.tune-fail.txt) or that isolation
# refuses is left out when it is neither the family's reference nor in its FALLBACK chain
# (CRITICAL empty): the reason goes to <RECORD>.fail.txt (first line the stage, compile or
# isolate, then the diagnostic), every output is an empty object, and the bench reports the row
# (registry.h row_info::build_record). A row that isolates removes its old record.
#
# -DOBJECTS=<a.o|b.o> -DENTRY=<family>__<suffix> [-DCOMPANIONS=<fn>__<suffix>|...] -DOUTPUT=<out.o>
# -DRELOCATED=<copy1.o|copy2.o|...> -DRECORD=<rows dir>/<family>__<suffix> [-DCRITICAL=reference|fallback]
# -DLINKER=ld -DOBJCOPY=objcopy -DNM=nm

# Run with -P and no cmake_minimum_required: if(IN_LIST) needs its policy set.
cmake_policy(SET CMP0057 NEW)
string(REPLACE "|" ";" _objects "${OBJECTS}")
string(REPLACE "|" ";" _companions "${COMPANIONS}")
string(REPLACE "|" ";" _relocated "${RELOCATED}")
set(_exports "${ENTRY}" ${_companions})
# The symbols the row may export, as one regex over demangled names: the name alone (a C
# function) or followed by its parameter list.
string(REPLACE ";" "|" _exports_regex "${_exports}")
set(_exports_regex "^(${_exports_regex})(\\(.*)?$")
# The Makefile generators do not create a custom command's output folder.
get_filename_component(_output_dir "${OUTPUT}" DIRECTORY)
file(MAKE_DIRECTORY "${_output_dir}")
foreach(_copy IN LISTS _relocated)
  get_filename_component(_copy_dir "${_copy}" DIRECTORY)
  file(MAKE_DIRECTORY "${_copy_dir}")
endforeach()

# Leaves the row out: the record, and empty objects in place of the isolated one and its copies.
function(_leave_out stage text)
  file(WRITE "${RECORD}.fail.txt" "${stage}\n${text}\n")
  list(GET _objects 0 _any)
  foreach(_file IN LISTS OUTPUT _relocated)
    execute_process(COMMAND "${OBJCOPY}" --only-section=.tune-left-out "${_any}" "${_file}"
      RESULT_VARIABLE _rc ERROR_VARIABLE _err)
    if(NOT _rc EQUAL 0)
      message(FATAL_ERROR "cmake-tune: cannot make the empty object that stands in for row ${ENTRY}: ${_err}")
    endif()
  endforeach()
  file(REMOVE "${OUTPUT}.combined.o" "${OUTPUT}.tmp.o")
endfunction()

# Isolation refuses the row: fatal for the reference and the fallback chain, else the row is left
# out (and the script ends: a macro's return() leaves the script).
macro(_refuse)
  string(CONCAT _refusal ${ARGV})
  if(CRITICAL)
    message(FATAL_ERROR "${_refusal}")
  endif()
  message("cmake-tune: row ${ENTRY} is left out of the race: isolation refuses it.\n${_refusal}")
  _leave_out(isolate "${_refusal}")
  return()
endmacro()

set(_failed_compiles "")
foreach(_object IN LISTS _objects)
  if(EXISTS "${_object}.tune-fail.txt")
    file(READ "${_object}.tune-fail.txt" _diagnostic)
    string(APPEND _failed_compiles "${_diagnostic}")
  endif()
endforeach()
if(NOT _failed_compiles STREQUAL "")
  _leave_out(compile "${_failed_compiles}")
  return()
endif()

set(_combined "${OUTPUT}.combined.o")
set(_tmp "${OUTPUT}.tmp.o")
list(LENGTH _objects _count)
if(_count EQUAL 1)
  file(COPY_FILE "${_objects}" "${_combined}")
else()
  execute_process(COMMAND "${LINKER}" -r -o "${_combined}" ${_objects} RESULT_VARIABLE _rc ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    _refuse("cmake-tune: combining the objects of row ${ENTRY} failed (${LINKER} -r): ${_err}")
  endif()
endif()

# The entry is a C++ function: find its mangled name by pairing nm's raw and demangled listings.
function(_list_globals out file)
  execute_process(COMMAND "${NM}" -g --defined-only -P ${ARGN} "${file}"
    OUTPUT_VARIABLE _listing RESULT_VARIABLE _rc ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "cmake-tune: ${NM} failed on ${file}: ${_err}")
  endif()
  string(REPLACE ";" "\\;" _listing "${_listing}")
  string(REGEX REPLACE "\n$" "" _listing "${_listing}")
  string(REPLACE "\n" ";" _lines "${_listing}")
  set(_names "")
  foreach(_line IN LISTS _lines)
    string(REGEX REPLACE " [A-Za-z] [0-9a-fA-F]*( [0-9a-fA-F]+)?$" "" _name "${_line}")
    list(APPEND _names "${_name}")
  endforeach()
  set(${out} "${_names}" PARENT_SCOPE)
endfunction()

_list_globals(_raw "${_combined}")
_list_globals(_demangled "${_combined}" -C)
set(_keep "")
set(_found "")
set(_plain_names "")
set(_mangled_names "")
set(_i 0)
foreach(_name IN LISTS _demangled)
  if(_name MATCHES "${_exports_regex}")
    list(GET _raw ${_i} _mangled)
    list(APPEND _keep "--keep-global-symbol=${_mangled}")
    list(APPEND _found "${CMAKE_MATCH_1}")
    list(APPEND _plain_names "${CMAKE_MATCH_1}")
    list(APPEND _mangled_names "${_mangled}")
  endif()
  math(EXPR _i "${_i} + 1")
endforeach()
if(NOT ENTRY IN_LIST _found)
  _refuse("cmake-tune: row ${ENTRY} defines no function named ${ENTRY}. The kernel source must define "
    "TUNE_ENTRY (from <tune/kernel.h>) with the family's SIGNATURE, at global namespace scope.")
endif()
# The stamp calls every companion of the stamped row: a row without one would fail the final link.
foreach(_companion IN LISTS _companions)
  if(NOT _companion IN_LIST _found)
    string(REGEX REPLACE "__[^_].*$" "" _function "${_companion}")
    _refuse("cmake-tune: row ${ENTRY} defines no companion function named ${_companion}. The family "
      "declares COMPANIONS ${_function}: every row's sources must define TUNE_COMPANION(${_function}) (from "
      "<tune/kernel.h>) at global namespace scope.")
  endif()
endforeach()

# A row of several sources may define a function in one and call it from another: a definition
# another of the row's objects references is the row's own helper, made local with the rest.
set(_internal "")
if(_count GREATER 1)
  foreach(_object IN LISTS _objects)
    execute_process(COMMAND "${NM}" -u -P -C "${_object}" OUTPUT_VARIABLE _undefined)
    string(REPLACE ";" "\\;" _undefined "${_undefined}")
    string(REPLACE "\n" ";" _undefined "${_undefined}")
    foreach(_line IN LISTS _undefined)
      string(REGEX REPLACE " [Uw]( .*)?$" "" _name "${_line}")
      if(NOT _name STREQUAL "")
        list(APPEND _internal "${_name}")
      endif()
    endforeach()
  endforeach()
endif()

# Strong definitions besides the entry (nm types other than weak W/V and unique u) are functions and
# variables the source exports on purpose; objcopy would hide them silently, so refuse them here.
execute_process(COMMAND "${NM}" -g --defined-only -P -C "${_combined}" OUTPUT_VARIABLE _listing)
string(REPLACE ";" "\\;" _listing "${_listing}")
string(REPLACE "\n" ";" _lines "${_listing}")
set(_exported "")
foreach(_line IN LISTS _lines)
  if(_line MATCHES "^(.*) [A-UX-Z] [0-9a-fA-F]*( [0-9a-fA-F]+)?$")
    set(_name "${CMAKE_MATCH_1}")
    if(NOT _name MATCHES "${_exports_regex}" AND NOT _name IN_LIST _internal)
      list(APPEND _exported "${_name}")
    endif()
  endif()
endforeach()
if(_exported)
  string(REPLACE ";" "\n  " _text "${_exported}")
  _refuse("cmake-tune: row ${ENTRY} exports symbols besides its entry and companions:\n  ${_text}\n"
    "Another row could link against this row's copy (compiled with this row's ISA flags). Make them static or "
    "inline, or move them out of the kernel source.")
endif()

execute_process(COMMAND "${OBJCOPY}" --remove-section=.group ${_keep} "${_combined}" "${_tmp}"
  RESULT_VARIABLE _rc ERROR_VARIABLE _err)
if(NOT _rc EQUAL 0)
  _refuse("cmake-tune: ${OBJCOPY} failed to isolate row ${ENTRY}: ${_err}")
endif()

# The check: nothing but the entry and the companions may stay global.
_list_globals(_left "${_tmp}" -C)
set(_leaks "")
foreach(_name IN LISTS _left)
  if(NOT _name MATCHES "${_exports_regex}")
    list(APPEND _leaks "${_name}")
  endif()
endforeach()
if(_leaks)
  string(REPLACE ";" "\n  " _text "${_leaks}")
  _refuse("cmake-tune: row ${ENTRY} still exports symbols besides its entry and companions after isolation:\n  ${_text}\n"
    "Another row could link against this row's copy (compiled with this row's ISA flags). Make them static or "
    "inline, or move them out of the kernel source.")
endif()
file(REMOVE "${_combined}")

# The relocated copies. A C++ name at global scope mangles as _Z<length><name><parameters>.
set(_k 0)
foreach(_copy IN LISTS _relocated)
  math(EXPR _k "${_k} + 1")
  set(_renames "")
  foreach(_plain _mangled IN ZIP_LISTS _plain_names _mangled_names)
    string(LENGTH "${_plain}" _length)
    set(_moved "tune_relocated${_k}__${_plain}")
    string(LENGTH "${_moved}" _moved_length)
    string(LENGTH "_Z${_length}${_plain}" _head)
    string(SUBSTRING "${_mangled}" 0 ${_head} _prefix)
    if(_prefix STREQUAL "_Z${_length}${_plain}")
      string(SUBSTRING "${_mangled}" ${_head} -1 _parameters)
      list(APPEND _renames "--redefine-sym=${_mangled}=_Z${_moved_length}${_moved}${_parameters}")
    elseif(_mangled STREQUAL _plain)
      list(APPEND _renames "--redefine-sym=${_mangled}=${_moved}")
    else()
      message(FATAL_ERROR "cmake-tune: row ${ENTRY}: cannot name a relocated copy of ${_plain} (mangled ${_mangled}); "
        "define it at global namespace scope.")
    endif()
  endforeach()
  execute_process(COMMAND "${OBJCOPY}" ${_renames} "${_tmp}" "${_copy}.tmp.o" RESULT_VARIABLE _rc ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "cmake-tune: ${OBJCOPY} failed to copy row ${ENTRY} for the relocated re-race: ${_err}")
  endif()
  file(RENAME "${_copy}.tmp.o" "${_copy}")
endforeach()
file(RENAME "${_tmp}" "${OUTPUT}")
file(REMOVE "${RECORD}.fail.txt")
