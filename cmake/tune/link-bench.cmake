# Build-time script: the linker launcher of a scope's bench (tune/Finalize.cmake), run as
#   cmake -DROWS_FILE=<file> -DCRITICAL=<family>__<suffix>|... -DAR=<ar>
#         -DWORK_DIR=<dir> [-DCONFIGS=<config>|...] -P link-bench.cmake -- <link command>...
# ROWS_FILE has a line <family>__<suffix>=<record> per row of the bench. The link it ran is kept as
# <WORK_DIR>/link-command.txt.
# With a multi-config generator (CONFIGS given), @CONFIG@ in the records and WORK_DIR stands for
# the configuration, the one whose folder holds the archives the link names.
# It links as given. When the linker names rows' archive members in its errors (a row that calls
# a function nothing defines, say), those rows are left out: each gets <record>.link-fail.txt with
# the linker's lines about it, its members are deleted from a copy of its family's archive, and
# the bench links again against the copy (docs/fixtures.md "Rows that fail"; registry.h declares rows
# weak, so a row left out is a null entry). A failing reference or fallback row, or an error that
# names no row, fails the link as before.

cmake_policy(SET CMP0057 NEW)
include("${CMAKE_CURRENT_LIST_DIR}/script-command.cmake")
_tune_script_command(_command)
set(_given "${_command}")

# A searched family's archive (tune/Search.cmake) comes through tune_rows_<family>'s link
# interface; the bench links it whole, like the rows' own archives, for the same reason.
set(_whole "")
foreach(_arg IN LISTS _command)
  if(_arg MATCHES "/libtune_search_[^/]*[.]a$")
    list(APPEND _whole "-Wl,--whole-archive" "${_arg}" "-Wl,--no-whole-archive")
  else()
    list(APPEND _whole "${_arg}")
  endif()
endforeach()
set(_command "${_whole}")

# _configured(<var> <archive>): @CONFIG@ in <var> replaced by the configuration <archive> belongs to.
function(_configured var archive)
  string(REPLACE "|" ";" _configs "${CONFIGS}")
  foreach(_config IN LISTS _configs)
    if(archive MATCHES "(^|/)${_config}/")
      string(REPLACE "@CONFIG@" "${_config}" _value "${${var}}")
      set(${var} "${_value}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

# The configuration this link is for: the one whose folder holds the rows' archives it names.
set(_rows_archive "")
foreach(_arg IN LISTS _command)
  if(_arg MATCHES "libtune_rows_[^/]*[.]a$" AND _rows_archive STREQUAL "")
    set(_rows_archive "${_arg}")
  endif()
endforeach()
set(_work_dir "${WORK_DIR}")
_configured(_work_dir "${_rows_archive}")

# The bench this link wrote, by its sha256, in <WORK_DIR>/bench.sha256: a mint runs and records
# no other program at the bench's path (tuner/mint/bench_call.h, foreign_bench).
list(FIND _command "-o" _out_at)
math(EXPR _out_at "${_out_at} + 1")
list(GET _command ${_out_at} _bench_file)
set(_bench_record "${_work_dir}/bench.sha256")
file(REMOVE "${_bench_record}")

# The link as the build ran it, for the tool to link the bench again once a search has compiled
# more rows into a family's search archive (tuner/mint/search_rows.h).
string(REPLACE ";" "\n" _lines "${_given}")
file(MAKE_DIRECTORY "${_work_dir}")
file(WRITE "${_work_dir}/link-command.txt" "cwd=${CMAKE_CURRENT_BINARY_DIR}\nrows_file=${ROWS_FILE}\n\
critical=${CRITICAL}\nar=${AR}\nwork_dir=${WORK_DIR}\nconfigs=${CONFIGS}\n--\n${_lines}\n")

file(STRINGS "${ROWS_FILE}" _rows)
string(REPLACE "|" ";" _critical "${CRITICAL}")
set(_entries "")
foreach(_row IN LISTS _rows)
  string(REGEX MATCH "^([^=]+)=(.*)$" _ "${_row}")
  set(_entry "${CMAKE_MATCH_1}")
  set(_record "${CMAKE_MATCH_2}")
  _configured(_record "${_rows_archive}")
  list(APPEND _entries "${_entry}")
  set(_record_${_entry} "${_record}")
  file(REMOVE "${_record}.link-fail.txt")
endforeach()
# A search archive's rows are not in ROWS_FILE (configure declares no point of a searched space but
# its reference and FALLBACK chain): each is <entry>.o there, its record <archive's folder>/<entry>,
# and this link decides again which of them link.
foreach(_arg IN LISTS _command)
  if(_arg MATCHES "/libtune_search_[^/]*[.]a$")
    get_filename_component(_dir "${_arg}" DIRECTORY)
    file(GLOB _stale "${_dir}/*.link-fail.txt")
    foreach(_file IN LISTS _stale)
      get_filename_component(_name "${_file}" NAME)
      string(REGEX REPLACE "[.]link-fail[.]txt$" "" _entry "${_name}")
      if(NOT _entry IN_LIST _critical)
        file(REMOVE "${_file}")
      endif()
    endforeach()
  endif()
endforeach()

set(_patched "")
foreach(_attempt RANGE 1 20)
  execute_process(COMMAND ${_command} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
  set(_text "${_out}${_err}")
  string(REGEX REPLACE "\n$" "" _text "${_text}")
  if(_rc EQUAL 0)
    if(NOT _text STREQUAL "")
      message("${_text}")
    endif()
    file(SHA256 "${_bench_file}" _bench_sha256)
    file(WRITE "${_bench_record}" "${_bench_sha256}\n")
    return()
  endif()

  # GNU ld names a member as <archive>(<member>.o) on the lines about it.
  string(REGEX MATCHALL "[^\n]+" _lines "${_text}")
  set(_failing "")
  set(_unknown FALSE)
  foreach(_line IN LISTS _lines)
    if(_line MATCHES "([^ :()]+[.]a)[(]([^()]+)[.]o[)]")
      set(_archive "${CMAKE_MATCH_1}")
      string(REGEX REPLACE "^tune_relocated[0-9]+__" "" _entry "${CMAKE_MATCH_2}")
      if(NOT _entry IN_LIST _entries AND _archive MATCHES "/libtune_search_[^/]*[.]a$"
          AND NOT _entry MATCHES "^tune_search_rows__")
        # A row a search built: the search table refers to it weakly (tuner/mint/search_table.h),
        # so leaving it out leaves a null entry.
        get_filename_component(_name "${_archive}" NAME)
        get_filename_component(_dir "${_archive}" DIRECTORY)
        if(DEFINED _search_dir_${_name})
          set(_dir "${_search_dir_${_name}}")
        endif()
        list(APPEND _entries "${_entry}")
        set(_record_${_entry} "${_dir}/${_entry}")
      endif()
      if(NOT _entry IN_LIST _entries)
        set(_unknown TRUE)
        continue()
      endif()
      if(NOT _entry IN_LIST _failing)
        list(APPEND _failing "${_entry}")
        set(_archive_${_entry} "${_archive}")
        set(_lines_${_entry} "")
      endif()
      string(APPEND _lines_${_entry} "${_line}\n")
    elseif(_failing AND _line MATCHES "undefined reference|multiple definition")
      list(GET _failing -1 _entry)
      string(APPEND _lines_${_entry} "${_line}\n")
    endif()
  endforeach()
  if(NOT _failing OR _unknown)
    message("${_text}")
    if(_text MATCHES "relocation truncated to fit")
      message(FATAL_ERROR "cmake-tune: the bench does not link: its static data passes the 2 GiB that code reaches in "
        "the small code model. The bench links every row four times (the row and three relocated copies), so the "
        "rows' static buffers count four times. On x86-64 cmake-tune compiles GCC and Clang rows with "
        "-mcmodel=medium, which keeps their statics over 64 KiB in large sections; what passes the limit here is a row's "
        "flags choosing another code model, another compiler, or code past 2 GiB. Allocate large buffers at run time "
        "(in the fixture, passed to the kernel) instead of as statics, or split the family's rows into several "
        "families.")
    endif()
    message(FATAL_ERROR "cmake-tune: the bench does not link, and not because of a row that can be left out.")
  endif()
  foreach(_entry IN LISTS _failing)
    if(_entry IN_LIST _critical)
      message("${_text}")
      message(FATAL_ERROR "cmake-tune: row ${_entry} does not link, and it is the family's reference or in its FALLBACK "
        "chain, so it must: fix the error above (other rows of a grid may fail; they are left out of the race).")
    endif()
  endforeach()

  foreach(_entry IN LISTS _failing)
    file(WRITE "${_record_${_entry}}.link-fail.txt" "${_lines_${_entry}}")
    string(REGEX MATCHALL "[^\n]+" _first "${_lines_${_entry}}")
    list(SUBLIST _first 0 3 _first)
    string(REPLACE ";" "\n    " _first "${_first}")
    message("cmake-tune: row ${_entry} does not link; it is left out of the race (the linker's lines are in "
      "${_record_${_entry}}.link-fail.txt):\n    ${_first}")
    # A copy of the family's archive without the row's members, in the link command's place.
    set(_archive "${_archive_${_entry}}")
    get_filename_component(_name "${_archive}" NAME)
    set(_copy "${_work_dir}/${_name}")
    if(NOT _archive IN_LIST _patched AND NOT _archive STREQUAL _copy)
      get_filename_component(_search_dir_${_name} "${_archive}" DIRECTORY)
      file(MAKE_DIRECTORY "${_work_dir}")
      file(COPY_FILE "${_archive}" "${_copy}")
      set(_replaced "")
      foreach(_arg IN LISTS _command)
        if(_arg STREQUAL _archive)
          set(_arg "${_copy}")
        endif()
        list(APPEND _replaced "${_arg}")
      endforeach()
      set(_command "${_replaced}")
      list(APPEND _patched "${_copy}")
    endif()
    execute_process(COMMAND "${AR}" t "${_copy}" OUTPUT_VARIABLE _members)
    string(REGEX MATCHALL "[^\n]+" _members "${_members}")
    set(_drop "")
    foreach(_member IN LISTS _members)
      if(_member MATCHES "^(tune_relocated[0-9]+__)?${_entry}[.]o$")
        list(APPEND _drop "${_member}")
      endif()
    endforeach()
    execute_process(COMMAND "${AR}" d "${_copy}" ${_drop} RESULT_VARIABLE _rc ERROR_VARIABLE _err)
    if(NOT _rc EQUAL 0)
      message(FATAL_ERROR "cmake-tune: cannot leave row ${_entry} out of ${_copy} (${AR} d): ${_err}")
    endif()
  endforeach()
endforeach()
message("${_text}")
message(FATAL_ERROR "cmake-tune: the bench still does not link after leaving 20 rounds of rows out.")
