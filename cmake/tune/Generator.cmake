# Generators (tune_kernel_family ... GENERATOR; docs/cmake-api.md "Generators"): a command the
# configure step runs with the family's description on standard input, whose proposed rows join
# the family after the same fixed-condition check as declared rows.
#
# The command is untrusted: its output is read from a file, bounded in size and nesting before
# CMake's JSON parser sees it (that parser aborts the whole configure on deep nesting), checked
# member by member, and never executed. A forbidden or malformed proposal fails the configure,
# naming the proposal; a duplicate or a suffix clash is recorded in <family>_generate_meta.json
# beside the sidecar, with the proposal, its basis and what became of it.
#
# The generator runs again only when its request changes (the declared rows, the family's race
# table in the sidecar, the generator's own files): the request's hash is kept in the meta file and
# its output beside the manifest, so a re-configure with the same request reuses that output. The
# build's stamp step quotes the race table in a trigger the configure step depends on.

# Bounds on what a generator may print. Cache entries, like tune/Isa.cmake's regexes, because a
# family may be declared in any folder and a plain variable lives only in the folder that loaded
# the module (add_subdirectory, FetchContent). 256 proposals is more than any family races in a mint;
# the string bounds keep row names and file names within what a file system takes, and each
# check of a proposal re-reads only that proposal.
set(_TUNE_GENERATOR_MAX_BYTES 262144 CACHE INTERNAL "cmake-tune: a bound on generators")
set(_TUNE_GENERATOR_MAX_DEPTH 8 CACHE INTERNAL "cmake-tune: a bound on generators")
set(_TUNE_GENERATOR_MAX_PROPOSALS 256 CACHE INTERNAL "cmake-tune: a bound on generators")
set(_TUNE_GENERATOR_MAX_FLAGS 16 CACHE INTERNAL "cmake-tune: a bound on generators")
set(_TUNE_GENERATOR_MAX_NAME 64 CACHE INTERNAL "cmake-tune: a bound on generators")
set(_TUNE_GENERATOR_MAX_BASIS 1024 CACHE INTERNAL "cmake-tune: a bound on generators")
# Bounds on the trigger the request quotes a race table from (the tool's reader's bounds on the
# sidecar the table comes from, tuner/util/json_reader.h).
set(_TUNE_TRIGGER_MAX_BYTES 67108864 CACHE INTERNAL "cmake-tune: a bound on generators")
set(_TUNE_TRIGGER_MAX_DEPTH 64 CACHE INTERNAL "cmake-tune: a bound on generators")

# The flags a proposal may bring, by name: options that change how code is lowered and nothing
# else (no precision, ABI, instruction set, instrumentation, file read or written). A list, not a
# deny-list: compilers add options that change what is computed faster than a deny-list learns them.
set(_TUNE_PROPOSAL_FLAG_REGEX "^(-f(no-)?(unroll-loops|unroll-all-loops|peel-loops|tree-vectorize|tree-loop-vectorize|\
tree-slp-vectorize|prefetch-loop-arrays|omit-frame-pointer|schedule-insns|schedule-insns2|sched-pressure|ipa-pta|inline|\
inline-functions|inline-small-functions|unswitch-loops|split-loops|loop-interchange|loop-unroll-and-jam|\
version-loops-for-strides|modulo-sched|tracer|gcse|gcse-after-reload|ivopts|tree-loop-distribution|\
tree-loop-distribute-patterns|predictive-commoning|optimize-sibling-calls|reorder-blocks|align-loops|align-jumps|\
align-labels)|-f(vect-cost-model|simd-cost-model)=(unlimited|dynamic|cheap|very-cheap)|\
-f(align-loops|align-jumps|align-labels|inline-limit)=[0-9]+|-mprefer-vector-width=(128|256|512|none)|\
-mtune=[a-z0-9][a-z0-9-]*|--param=[a-z0-9-]+=[0-9]+)$" CACHE INTERNAL "cmake-tune: the flags a proposal may bring")

# _tune_json_bound(<out> <text> <max_bytes> <max_depth>): "" when `text` may be given to
# string(JSON), else why not. Nesting is counted outside strings: escapes, then strings, then
# everything but brackets are removed, and each pass removes the innermost pairs. CMake's parser
# takes comments, which JSON has not: a comment could hide a quote from that count, so none is
# taken. Nor is \u0000: CMake strings end at it, so a value would be checked short of its end.
function(_tune_json_bound out text max_bytes max_depth)
  string(LENGTH "${text}" _n)
  if(_n GREATER max_bytes)
    set(${out} "it is ${_n} bytes, more than the ${max_bytes} allowed" PARENT_SCOPE)
    return()
  endif()
  if(text MATCHES "\\\\u0000")
    set(${out} "it holds a NUL character (\\u0000)" PARENT_SCOPE)
    return()
  endif()
  string(REGEX REPLACE "\\\\." "" _t "${text}")
  string(REGEX REPLACE "\"[^\"]*\"" "" _t "${_t}")
  if(_t MATCHES "/")
    set(${out} "it holds a comment or a '/' outside a string, which JSON does not have" PARENT_SCOPE)
    return()
  endif()
  string(REGEX REPLACE "[^][{}]" "" _t "${_t}")
  foreach(_pass RANGE 1 ${max_depth})
    if(_t STREQUAL "")
      break()
    endif()
    string(REGEX REPLACE "\\[\\]|{}" "" _t "${_t}")
  endforeach()
  if(NOT _t STREQUAL "")
    set(${out} "it nests arrays and objects more than ${max_depth} deep, or does not close them" PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()

# `text` with each control character as a space: what _tune_json_quote can make a JSON string of.
function(_tune_printable out text)
  string(ASCII 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 127 _controls)
  string(REGEX REPLACE "[${_controls}]" " " text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# At most 200 characters of `text` on one line, for a message.
function(_tune_excerpt out text)
  _tune_printable(text "${text}")
  string(REGEX REPLACE " +" " " text "${text}")
  string(STRIP "${text}" text)
  string(LENGTH "${text}" _n)
  if(_n GREATER 200)
    string(SUBSTRING "${text}" 0 200 text)
    set(text "${text}...")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The sidecar a configure-time step reads: TUNE_SIDECAR, with $<CONFIG> as the Release
# configuration (else the first) of a multi-config generator, which `out_config` names ("" for a
# single-config one).
function(_tune_configure_time_sidecar out out_config)
  set(_sidecar "${TUNE_SIDECAR}")
  set(_config "")
  get_property(_multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(_multi)
    set(_config Release)
    if(CMAKE_CONFIGURATION_TYPES AND NOT Release IN_LIST CMAKE_CONFIGURATION_TYPES)
      list(GET CMAKE_CONFIGURATION_TYPES 0 _config)
    endif()
    string(REPLACE "$<CONFIG>" "${_config}" _sidecar "${_sidecar}")
  endif()
  set(${out} "${_sidecar}" PARENT_SCOPE)
  set(${out_config} "${_config}" PARENT_SCOPE)
endfunction()

# The family's race table (JSON text, or null) and the box it was measured on ({"class",
# "features"}, or null), as the tool quoted them from the sidecar in the family's trigger
# (tuner/mint/generator_trigger.h: only a table of this scope's VERSION and this compiler). The
# tool is the sidecar's one reader. The trigger is bounded before CMake's parser sees it. A missing
# one (a new tree, a family new to GENERATOR) or an unreadable one is written to quote nothing, and
# the stamp step's output <stamp_done> removed, so the next build's stamp step quotes the sidecar
# (a sidecar already there included) and the build after that configures with its table. One that
# holds a NUL character is the tool's faithful quote of a sidecar CMake cannot hold, and is left.
function(_tune_generator_quote out_race out_box fn scope trigger stamp_done)
  set(${out_race} null PARENT_SCOPE)
  set(${out_box} null PARENT_SCOPE)
  string(CONCAT _nothing "{\"format\": \"tune-generate-trigger/1\", \"version\": null, \"compiler\": null, "
    "\"race\": null, \"box\": null}\n")
  if(NOT EXISTS "${trigger}")
    file(WRITE "${trigger}" "${_nothing}")
    file(REMOVE "${stamp_done}")
    return()
  endif()
  file(SIZE "${trigger}" _size)
  set(_why "")
  if(_size GREATER _TUNE_TRIGGER_MAX_BYTES)
    set(_why "it is ${_size} bytes")
  else()
    file(READ "${trigger}" _text)
    _tune_json_bound(_why "${_text}" ${_TUNE_TRIGGER_MAX_BYTES} ${_TUNE_TRIGGER_MAX_DEPTH})
    if(_why STREQUAL "")
      string(JSON _format ERROR_VARIABLE _error GET "${_text}" format)
      string(JSON _race ERROR_VARIABLE _error_race GET "${_text}" race)
      string(JSON _box ERROR_VARIABLE _error_box GET "${_text}" box)
      if(_error OR _error_race OR _error_box OR NOT _format STREQUAL "tune-generate-trigger/1")
        set(_why "it is not a tune-generate-trigger/1 file")
      endif()
    endif()
  endif()
  if(_why MATCHES "NUL")
    # The tool's faithful quote of a sidecar whose text CMake cannot hold: writing it again would
    # change nothing.
    message(WARNING "${fn}: the GENERATOR gets no race table: its trigger ${trigger} ${_why}, "
      "which a CMake string cannot hold.")
    return()
  elseif(NOT _why STREQUAL "")
    message(WARNING "${fn}: the GENERATOR gets no race table: its trigger ${trigger} is unreadable (${_why}). "
      "It is reset; the next build writes it again from the sidecar.")
    file(WRITE "${trigger}" "${_nothing}")
    file(REMOVE "${stamp_done}")
    return()
  endif()
  # A quote for another VERSION or compiler is outdated: the next stamp step quotes again.
  _tune_scope_get(_version "${scope}" VERSION)
  string(JSON _quoted_version ERROR_VARIABLE _error GET "${_text}" version)
  string(JSON _quoted_compiler ERROR_VARIABLE _error2 GET "${_text}" compiler)
  if(_error OR _error2 OR NOT _quoted_version STREQUAL "${_version}"
      OR NOT _quoted_compiler STREQUAL "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}")
    return()
  endif()
  # string(JSON GET) gives "" for null; the request quotes objects only.
  string(JSON _race_type TYPE "${_text}" race)
  string(JSON _box_type TYPE "${_text}" box)
  if(_race_type STREQUAL "OBJECT" AND _box_type STREQUAL "OBJECT")
    set(${out_race} "${_race}" PARENT_SCOPE)
    set(${out_box} "${_box}" PARENT_SCOPE)
  endif()
endfunction()

# _tune_generator_rows(<fn> <family> <rows> <scope> <signature> <grid> <timeout> <excludes>
# <command>...): runs the family's generator (or reuses its output for an unchanged request) and
# adds the accepted proposals to the row record <rows> (cmake/tune/Rows.cmake), each with its extra
# flags in <rows>_EXTRA_FLAGS_<suffix>. A proposal an EXCLUDE pattern matches is refused.
function(_tune_generator_rows fn family rows scope signature grid timeout excludes)
  set(_command "${ARGN}")
  _tune_load_rows(${rows})
  _tune_configure_time_sidecar(_sidecar _config)
  get_filename_component(_meta_dir "${_sidecar}" DIRECTORY)
  set(_meta "${_meta_dir}/${family}_generate_meta.json")
  set(_state "${CMAKE_BINARY_DIR}/tune/${scope}/generate")
  file(MAKE_DIRECTORY "${_state}")

  # The request: the declared rows, the race table, the box.
  _tune_generator_request_rows(${rows} _axes_json _rows_json _keys)
  # The race table is part of the request: the stamp step of every build writes the table the
  # sidecar holds to the trigger (tuner/mint/generator_trigger.h) when it changes, and the next
  # build configures again. The trigger exists from the first configure on, as CMake drops a
  # missing file from the configure dependencies.
  set(_trigger "${_state}/${family}.race.json")
  _tune_scope_state_dir(_stamp_state ${scope} "${_config}")
  _tune_generator_quote(_race _box "${fn}" "${scope}" "${_trigger}" "${_stamp_state}/stamp.done")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_trigger}")
  _tune_family_set("${family}" GENERATOR_TRIGGER "${_trigger}")
  _tune_family_set("${family}" GENERATOR_CONFIG "${_config}")
  set(_request "{}")
  _tune_json_put(_request format STRING "tune-generate-request/1")
  _tune_json_put(_request family STRING "${family}")
  _tune_json_put(_request signature STRING "${signature}")
  _tune_json_put(_request axes JSON "${_axes_json}")
  _tune_json_put(_request rows JSON "${_rows_json}")
  _tune_json_put(_request race JSON "${_race}")
  _tune_json_put(_request box JSON "${_box}")
  set(_request_file "${_state}/${family}.request.json")
  _tune_write_if_changed("${_request_file}" "${_request}\n")

  # The generator's own files are part of its request: an edited script runs again.
  set(_identity "${_request}")
  foreach(_word IN LISTS _command)
    get_filename_component(_path "${_word}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT IS_DIRECTORY "${_path}" AND EXISTS "${_path}")
      file(SHA256 "${_path}" _file_hash)
      string(APPEND _identity "\n${_word} ${_file_hash}")
      set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_path}")
    else()
      string(APPEND _identity "\n${_word}")
    endif()
  endforeach()
  string(SHA256 _request_sha256 "${_identity}")

  string(REPLACE ";" " " _shown "${_command}")
  set(_gen "${fn}: GENERATOR `${_shown}`")
  # The output and, beside it, the request it answered ("<sha256> <time> <seconds>"), written
  # together when the generator runs: an output is reused only for the request it answered.
  set(_output_file "${_state}/${family}.proposals.json")
  set(_answered_file "${_state}/${family}.proposals.request")
  _tune_generator_run(_reused _ran _seconds "${_gen}" "${_request_file}" "${_output_file}" "${_answered_file}"
    "${_state}/${family}.stderr.txt" "${_request_sha256}" ${timeout} ${_command})

  _tune_generator_output(_out _count "${_gen}" "${_output_file}")

  set(_records "[]")
  set(_accepted "")
  set(_k 0)
  while(_k LESS _count)
    math(EXPR _number "${_k} + 1")
    string(JSON _p GET "${_out}" proposals ${_k})
    math(EXPR _k "${_k} + 1")
    _tune_generator_proposal("${_gen} proposal ${_number}" "${_p}" ${rows} ${grid} _what _basis _spec _given _flags
      _suffix)

    # What becomes of it: a duplicate, refused, or a row.
    set(_record "{}")
    _tune_json_put(_record proposal JSON "${_p}")
    _tune_printable(_basis_text "${_basis}")
    _tune_json_put(_record basis STRING "${_basis_text}")
    string(REPLACE ";" " " _key "${_spec}|${_flags}")
    list(FIND _keys "${_key}" _same)
    set(_isa "")
    if(_spec MATCHES "(^|,)ISA=([A-Za-z0-9_]+)")
      set(_isa "${CMAKE_MATCH_2}")
    endif()
    _tune_isa_names(_isas)
    _tune_generator_ruled_out(_ruled_out "${_what}" "${_spec}" ${rows} "${excludes}")
    if(NOT _same EQUAL -1)
      list(GET _suffixes ${_same} _twin)
      _tune_json_put(_record outcome STRING "duplicate")
      _tune_json_put(_record duplicate_of STRING "${_twin}")
    elseif(NOT _ruled_out STREQUAL "")
      _tune_json_put(_record outcome STRING "refused")
      _tune_json_put(_record reason STRING "${_ruled_out}")
    elseif(_suffix STREQUAL "reference")
      _tune_json_put(_record outcome STRING "refused")
      _tune_json_put(_record reason STRING "suffix reference names the family's reference wherever a seat is recorded")
    elseif(_suffix IN_LIST _suffixes)
      list(FIND _suffixes "${_suffix}" _other)
      list(GET _specs ${_other} _other_spec)
      _tune_json_put(_record outcome STRING "refused")
      _tune_json_put(_record reason STRING "suffix ${_suffix} already names another row (${_other_spec})")
    elseif(NOT _isa STREQUAL "" AND NOT _isa IN_LIST _isas)
      _tune_json_put(_record outcome STRING "refused")
      _tune_json_put(_record reason STRING
        "ISA value ${_isa} is not an instruction set of ${CMAKE_SYSTEM_PROCESSOR}; tune_isa(${_isa} ...) defines one")
    else()
      _tune_json_put(_record outcome STRING "accepted")
      _tune_json_put(_record suffix STRING "${_suffix}")
      _tune_generator_race_result(_result "${_race}" "${_suffix}")
      _tune_json_put(_record race JSON "${_result}")
      list(APPEND _specs "${_spec}")
      list(APPEND _suffixes "${_suffix}")
      list(APPEND _keys "${_key}")
      list(APPEND _accepted "${_suffix}")
      _tune_row_requires("${fn}" _req_${_suffix} "${_spec}" "")
      set(_extra_${_suffix} "${_flags}")
      foreach(_axis IN LISTS _given)
        if(NOT _value_${_axis} IN_LIST _values_${_axis})
          list(APPEND _values_${_axis} "${_value_${_axis}}")
        endif()
      endforeach()
    endif()
    foreach(_axis IN LISTS _given)
      unset(_value_${_axis})
    endforeach()
    string(JSON _n LENGTH "${_records}")
    string(JSON _records SET "${_records}" ${_n} "${_record}")
  endwhile()

  _tune_generator_meta("${_meta}" "${family}" "${_ran}" "${_seconds}" "${_request_sha256}" "${_request_file}"
    "${_output_file}" "${_records}" ${_command})
  list(LENGTH _accepted _n_accepted)
  if(_reused)
    message(STATUS "${fn}: GENERATOR request unchanged; its ${_count} proposal(s) of ${_ran} give ${_n_accepted} row(s)")
  else()
    message(STATUS "${fn}: GENERATOR proposed ${_count} row(s), ${_n_accepted} accepted (${_meta})")
  endif()
  foreach(_suffix IN LISTS _accepted)
    set(${rows}_EXTRA_FLAGS_${_suffix} "${_extra_${_suffix}}" PARENT_SCOPE)
  endforeach()
  _tune_return_rows(${rows})
endfunction()

# _tune_generator_request_rows(<rows> <out_axes> <out_rows> <out_keys>): the generator request's
# axes and declared rows (JSON) from the row record <rows>, and each row's canonical key (its
# spec and flags) for spotting a proposal that repeats one.
function(_tune_generator_request_rows rows out_axes out_rows out_keys)
  _tune_load_rows(${rows})
  set(_axes_json "{}")
  foreach(_axis IN LISTS _axes)
    _tune_json_array(_values ${_values_${_axis}})
    string(JSON _axes_json SET "${_axes_json}" "${_axis}" "${_values}")
  endforeach()
  set(_rows_json "[]")
  set(_keys "")
  set(_i 0)
  foreach(_suffix IN LISTS _suffixes)
    list(GET _specs ${_i} _spec)
    math(EXPR _i "${_i} + 1")
    set(_row "{}")
    _tune_json_put(_row suffix STRING "${_suffix}")
    set(_row_axes "{}")
    set(_isa_flags "")
    if(NOT _spec STREQUAL "-")
      string(REPLACE "," ";" _pairs "${_spec}")
      foreach(_pair IN LISTS _pairs)
        string(REGEX MATCH "^([^=]+)=(.*)$" _ "${_pair}")
        _tune_json_quote(_v "${CMAKE_MATCH_2}")
        string(JSON _row_axes SET "${_row_axes}" "${CMAKE_MATCH_1}" "${_v}")
        if(CMAKE_MATCH_1 STREQUAL "ISA")
          _tune_isa_flags(_isa_flags "${CMAKE_MATCH_2}")
        endif()
      endforeach()
    endif()
    _tune_json_put(_row axes JSON "${_row_axes}")
    _tune_json_put(_row flags STRINGS "${_isa_flags}")
    string(JSON _n LENGTH "${_rows_json}")
    string(JSON _rows_json SET "${_rows_json}" ${_n} "${_row}")
    _tune_canonical_spec(_canonical "${_spec}" "${_axes}")
    list(APPEND _keys "${_canonical}|")
  endforeach()
  set(${out_axes} "${_axes_json}" PARENT_SCOPE)
  set(${out_rows} "${_rows_json}" PARENT_SCOPE)
  set(${out_keys} "${_keys}" PARENT_SCOPE)
endfunction()

# _tune_generator_run(<out_reused> <out_ran> <out_seconds> <gen> <request_file> <output_file>
# <answered_file> <stderr_file> <request_sha256> <timeout> <command>...): runs the generator on its
# request, or reuses the output that answered this very request; a generator that times out, dies
# or exits non-zero is a configure error quoting its standard error.
function(_tune_generator_run out_reused out_ran out_seconds _gen _request_file _output_file _answered_file _stderr_file
    _request_sha256 timeout)
  set(_command "${ARGN}")
  set(_reused FALSE)
  if(EXISTS "${_output_file}" AND EXISTS "${_answered_file}")
    file(READ "${_answered_file}" _answered)
    if(_answered MATCHES "^${_request_sha256} ([0-9T:Z-]+) ([0-9]+)\n$")
      set(_reused TRUE)
      set(_ran "${CMAKE_MATCH_1}")
      set(_seconds "${CMAKE_MATCH_2}")
    endif()
  endif()
  if(NOT _reused)
    file(REMOVE "${_answered_file}")
    string(TIMESTAMP _ran "%Y-%m-%dT%H:%M:%SZ" UTC)
    string(TIMESTAMP _start "%s")
    file(REMOVE "${_output_file}")
    execute_process(COMMAND ${_command}
      INPUT_FILE "${_request_file}" OUTPUT_FILE "${_output_file}" ERROR_FILE "${_stderr_file}"
      RESULT_VARIABLE _rc TIMEOUT ${timeout} WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}")
    string(TIMESTAMP _end "%s")
    math(EXPR _seconds "${_end} - ${_start}")
    file(WRITE "${_answered_file}" "${_request_sha256} ${_ran} ${_seconds}\n")
    set(_stderr "")
    if(EXISTS "${_stderr_file}")
      file(READ "${_stderr_file}" _stderr LIMIT 2000)
      _tune_excerpt(_stderr "${_stderr}")
    endif()
    if(NOT _stderr STREQUAL "")
      set(_stderr " Its standard error began: ${_stderr}")
    endif()
    if(_rc MATCHES "timeout")
      message(FATAL_ERROR "${_gen} did not finish within ${timeout} s and was killed; make it faster or give "
        "GENERATOR_TIMEOUT <seconds>. No row of the family is configured.${_stderr}")
    elseif(NOT _rc MATCHES "^[0-9]+$")
      message(FATAL_ERROR "${_gen} did not run to an exit: ${_rc}. No row of the family is configured.${_stderr}")
    elseif(NOT _rc EQUAL 0)
      message(FATAL_ERROR "${_gen} exited with code ${_rc}. No row of the family is configured.${_stderr}")
    endif()
  endif()
  set(${out_reused} ${_reused} PARENT_SCOPE)
  set(${out_ran} "${_ran}" PARENT_SCOPE)
  set(${out_seconds} "${_seconds}" PARENT_SCOPE)
endfunction()

# _tune_generator_output(<out_text> <out_count> <gen> <output_file>): the generator's output,
# bounded, then checked member by member as a tune-generate-proposals/1 object; its proposals' count.
function(_tune_generator_output out_text out_count _gen _output_file)
  file(SIZE "${_output_file}" _size)
  if(_size GREATER _TUNE_GENERATOR_MAX_BYTES)
    message(FATAL_ERROR "${_gen} printed ${_size} bytes, more than the ${_TUNE_GENERATOR_MAX_BYTES} a "
      "tune-generate-proposals/1 object may have (output kept in ${_output_file}).")
  endif()
  # A NUL byte would end a CMake string early, and with it every check of what follows.
  file(READ "${_output_file}" _bytes HEX)
  string(REGEX REPLACE "(..)" "\\1 " _bytes "${_bytes}")
  string(FIND " ${_bytes}" " 00 " _nul)
  file(READ "${_output_file}" _out)
  if(NOT _nul EQUAL -1)
    message(FATAL_ERROR "${_gen} printed a NUL byte, which no JSON text has (output kept in ${_output_file}).")
  endif()
  _tune_json_bound(_why "${_out}" ${_TUNE_GENERATOR_MAX_BYTES} ${_TUNE_GENERATOR_MAX_DEPTH})
  if(NOT _why STREQUAL "")
    message(FATAL_ERROR "${_gen} printed no tune-generate-proposals/1 object: ${_why} (output kept in ${_output_file}).")
  endif()
  string(JSON _type ERROR_VARIABLE _error TYPE "${_out}")
  if(_error OR NOT _type STREQUAL "OBJECT")
    _tune_excerpt(_shown_out "${_out}")
    message(FATAL_ERROR "${_gen} printed no JSON object, so no tune-generate-proposals/1 answer; it printed: "
      "\"${_shown_out}\" (kept in ${_output_file}).")
  endif()
  _tune_generator_members("${_gen}'s answer" "${_out}" "format;proposals" "format;proposals")
  string(JSON _format GET "${_out}" format)
  if(NOT _format STREQUAL "tune-generate-proposals/1")
    _tune_excerpt(_format "${_format}")
    message(FATAL_ERROR "${_gen}'s answer has format \"${_format}\"; it must be \"tune-generate-proposals/1\".")
  endif()
  string(JSON _type TYPE "${_out}" proposals)
  if(NOT _type STREQUAL "ARRAY")
    message(FATAL_ERROR "${_gen}'s answer: proposals is ${_type}, not an array of proposals.")
  endif()
  string(JSON _count LENGTH "${_out}" proposals)
  if(_count GREATER _TUNE_GENERATOR_MAX_PROPOSALS)
    message(FATAL_ERROR "${_gen} proposed ${_count} rows, more than the ${_TUNE_GENERATOR_MAX_PROPOSALS} a family takes "
      "from one answer.")
  endif()
  set(${out_text} "${_out}" PARENT_SCOPE)
  set(${out_count} "${_count}" PARENT_SCOPE)
endfunction()

# _tune_generator_proposal(<what> <proposal> <rows> <grid> <out_what> <out_basis> <out_spec>
# <out_given> <out_flags> <out_suffix>): checks one proposal (JSON) against the row record <rows>:
# its basis, its axes (declared ones, each value a C identifier fragment; every axis of a grid),
# its flags (only those that change how code is lowered) and its suffix (given, or made from the
# axes and a hash of the flags). Sets the outputs and _value_<axis> for each given axis.
function(_tune_generator_proposal _what _p rows grid out_what out_basis out_spec out_given out_flags out_suffix)
  _tune_load_rows(${rows})
  string(JSON _type TYPE "${_p}")
  if(NOT _type STREQUAL "OBJECT")
    message(FATAL_ERROR "${_what} is ${_type}, not an object {\"axes\", \"flags\", \"suffix\", \"basis\"}.")
  endif()
  _tune_generator_members("${_what}" "${_p}" "axes;flags;suffix;basis" "axes;basis")
  string(JSON _type TYPE "${_p}" basis)
  string(JSON _basis GET "${_p}" basis)
  string(LENGTH "${_basis}" _n)
  if(NOT _type STREQUAL "STRING" OR _basis STREQUAL "" OR _n GREATER _TUNE_GENERATOR_MAX_BASIS)
    message(FATAL_ERROR "${_what}: basis must be a non-empty string of at most ${_TUNE_GENERATOR_MAX_BASIS} "
      "characters saying why the row is worth trying.")
  endif()
  _tune_excerpt(_basis_shown "${_basis}")
  set(_what "${_what} (basis \"${_basis_shown}\")")

  # axes: declared axes only, a value for each of a grid's, each a C identifier fragment.
  string(JSON _type TYPE "${_p}" axes)
  if(NOT _type STREQUAL "OBJECT")
    message(FATAL_ERROR "${_what}: axes must be an object {AXIS: value}.")
  endif()
  string(JSON _n LENGTH "${_p}" axes)
  set(_given "")
  set(_j 0)
  while(_j LESS _n)
    string(JSON _axis MEMBER "${_p}" axes ${_j})
    math(EXPR _j "${_j} + 1")
    if(NOT _axis IN_LIST _axes)
      string(REPLACE ";" ", " _declared "${_axes}")
      _tune_excerpt(_axis "${_axis}")
      message(FATAL_ERROR "${_what} names axis '${_axis}', which the family does not declare (${_declared}). "
        "A proposal may bring new values of declared axes, never a new axis. Nothing is configured.")
    endif()
    string(JSON _type TYPE "${_p}" axes "${_axis}")
    string(JSON _value GET "${_p}" axes "${_axis}")
    string(LENGTH "${_value}" _length)
    if(NOT _type MATCHES "^(STRING|NUMBER)$" OR NOT _value MATCHES "^[A-Za-z0-9_]+$"
        OR _length GREATER _TUNE_GENERATOR_MAX_NAME)
      _tune_excerpt(_value "${_value}")
      message(FATAL_ERROR "${_what}: axis ${_axis} value '${_value}' is not a C identifier fragment (letters, "
        "digits and '_', at most ${_TUNE_GENERATOR_MAX_NAME}); it would become part of a symbol name and a macro.")
    endif()
    set(_value_${_axis} "${_value}")
    list(APPEND _given "${_axis}")
  endwhile()
  if(_given STREQUAL "")
    message(FATAL_ERROR "${_what}: axes is empty; a proposal names a value for the axes it varies.")
  endif()
  set(_spec "")
  foreach(_axis IN LISTS _axes)
    if(_axis IN_LIST _given)
      list(APPEND _spec "${_axis}=${_value_${_axis}}")
    elseif(grid)
      message(FATAL_ERROR "${_what} gives no value for axis ${_axis}; in a family declared with AXES a proposal "
        "names a value for every axis.")
    endif()
  endforeach()
  string(REPLACE ";" "," _spec "${_spec}")

  # flags: the fixed conditions of every row, then what a proposal alone may not bring.
  set(_flags "")
  string(JSON _type ERROR_VARIABLE _error TYPE "${_p}" flags)
  set(_n 0)
  if(NOT _error AND NOT _type STREQUAL "ARRAY")
    message(FATAL_ERROR "${_what}: flags must be an array of strings.")
  elseif(NOT _error)
    string(JSON _n LENGTH "${_p}" flags)
  endif()
  if(_n GREATER _TUNE_GENERATOR_MAX_FLAGS)
    message(FATAL_ERROR "${_what} brings ${_n} flags, more than the ${_TUNE_GENERATOR_MAX_FLAGS} a proposal may.")
  endif()
  set(_j 0)
  while(_j LESS _n)
    string(JSON _type TYPE "${_p}" flags ${_j})
    string(JSON _flag GET "${_p}" flags ${_j})
    math(EXPR _j "${_j} + 1")
    _tune_excerpt(_flag_shown "${_flag}")
    string(LENGTH "${_flag}" _length)
    if(NOT _type STREQUAL "STRING" OR _length GREATER _TUNE_GENERATOR_MAX_NAME)
      message(FATAL_ERROR "${_what}: flags holds ${_type} '${_flag_shown}'; each flag is a string of at most "
        "${_TUNE_GENERATOR_MAX_NAME} characters.")
    elseif(_flag MATCHES "${_TUNE_FORBIDDEN_FLAGS_REGEX}")
      message(FATAL_ERROR "${_what} asks for flag '${_flag_shown}', which changes what the rows compute, not how "
        "they are lowered (docs/design/candidates.md, \"Fixed conditions\"). Nothing is configured; fix the generator.")
    elseif(" ${_flag}" MATCHES "${_TUNE_GLOBAL_ISA_FLAGS_REGEX}" OR _flag MATCHES "^-m(no-)?[a-z0-9]+$")
      message(FATAL_ERROR "${_what} asks for flag '${_flag_shown}', which sets the instruction set outside the "
        "ISA axis; propose an ISA value instead. Nothing is configured.")
    elseif(NOT _flag MATCHES "${_TUNE_PROPOSAL_FLAG_REGEX}")
      message(FATAL_ERROR "${_what} asks for flag '${_flag_shown}', which is not one a proposal may bring: those "
        "that change only how code is lowered (unrolling, vectorization and its cost model, prefetching, "
        "scheduling, inlining, alignment, -mprefer-vector-width, -mtune, --param), as _TUNE_PROPOSAL_FLAG_REGEX in "
        "cmake/tune/Generator.cmake lists them. Nothing is configured.")
    endif()
    list(APPEND _flags "${_flag}")
  endwhile()

  # suffix: given (a C identifier), or the axes' suffix with a hash of the flags.
  set(_suffix "")
  string(JSON _type ERROR_VARIABLE _error TYPE "${_p}" suffix)
  if(NOT _error)
    string(JSON _suffix GET "${_p}" suffix)
    string(LENGTH "${_suffix}" _length)
    if(NOT _type STREQUAL "STRING" OR NOT _suffix MATCHES "^[A-Za-z_][A-Za-z0-9_]*$"
        OR _length GREATER _TUNE_GENERATOR_MAX_NAME)
      _tune_excerpt(_suffix "${_suffix}")
      message(FATAL_ERROR "${_what}: suffix '${_suffix}' is not a C identifier of at most ${_TUNE_GENERATOR_MAX_NAME} "
        "characters (letters, digits and '_', not starting with a digit).")
    endif()
  else()
    _tune_row_suffix(_suffix "${_spec}")
    if(_flags)
      string(SHA256 _flags_hash "${_flags}")
      string(SUBSTRING "${_flags_hash}" 0 8 _flags_hash)
      string(APPEND _suffix "_f${_flags_hash}")
    endif()
  endif()
  set(${out_what} "${_what}" PARENT_SCOPE)
  set(${out_basis} "${_basis}" PARENT_SCOPE)
  set(${out_spec} "${_spec}" PARENT_SCOPE)
  set(${out_given} "${_given}" PARENT_SCOPE)
  set(${out_flags} "${_flags}" PARENT_SCOPE)
  set(${out_suffix} "${_suffix}" PARENT_SCOPE)
  foreach(_axis IN LISTS _given)
    set(_value_${_axis} "${_value_${_axis}}" PARENT_SCOPE)
  endforeach()
endfunction()

# _tune_generator_ruled_out(<out> <what> <spec> <rows> <excludes>): why the family's EXCLUDE
# patterns or CONSTRAINTS (those of the row record <rows>, tune/Constraints.cmake) drop a proposal
# of spec <spec>; empty when neither does. CONSTRAINTS bind proposals as they bind declared rows.
function(_tune_generator_ruled_out out what spec rows excludes)
  foreach(pattern IN LISTS excludes)
    _tune_spec_matches(hit "${spec}" "${pattern}")
    if(hit)
      set(${out} "the family's EXCLUDE \"${pattern}\" drops it" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(index 0)
  foreach(text IN LISTS ${rows}_CONSTRAINTS)
    _tune_constraint_holds(holds "${what}" "${text}" "${${rows}_CONSTRAINT_RPN_${index}}" "${spec}")
    if(NOT holds)
      set(${out} "the family's CONSTRAINTS \"${text}\" rule it out" PARENT_SCOPE)
      return()
    endif()
    math(EXPR index "${index} + 1")
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()

# _tune_generator_meta(<meta> <family> <ran> <seconds> <request_sha256> <request_file> <output_file>
# <records> <command>...): the meta file, rewritten only when what it says changes, so a
# re-configure leaves it alone.
function(_tune_generator_meta _meta family _ran _seconds _request_sha256 _request_file _output_file _records)
  set(_command "${ARGN}")
  set(_doc "{}")
  _tune_json_put(_doc format STRING "tune-generate-meta/1")
  _tune_json_put(_doc family STRING "${family}")
  _tune_json_put(_doc command STRINGS "${_command}")
  _tune_json_put(_doc time STRING "${_ran}")
  _tune_json_put(_doc seconds JSON "${_seconds}")
  _tune_json_put(_doc request_sha256 STRING "${_request_sha256}")
  _tune_json_put(_doc request STRING "${_request_file}")
  _tune_json_put(_doc output STRING "${_output_file}")
  _tune_json_put(_doc proposals JSON "${_records}")
  _tune_write_if_changed("${_meta}" "${_doc}\n")
endfunction()

# Writes `content` to `file` (through a temporary and a rename) unless it holds exactly that.
function(_tune_write_if_changed file content)
  if(EXISTS "${file}")
    file(READ "${file}" _old)
    if(_old STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE "${file}.tmp" "${content}")
  file(RENAME "${file}.tmp" "${file}")
endfunction()

# What the race table the request quoted (JSON text, or null) says of row `suffix`, as the meta
# file records it: {"failed": <stage>, "detail"}, {"median_ns", "seat"}, {"same_code_as"},
# {"rejected"}, or null when that table has no such row (not built or raced yet).
function(_tune_generator_race_result out race suffix)
  set(${out} null PARENT_SCOPE)
  if(race STREQUAL "null")
    return()
  endif()
  string(JSON _row ERROR_VARIABLE _error GET "${race}" rows "${suffix}")
  if(_error)
    return()
  endif()
  set(_result "{}")
  string(JSON _stage ERROR_VARIABLE _error GET "${_row}" last_fail_reason stage)
  if(NOT _error)
    string(JSON _detail ERROR_VARIABLE _error GET "${_row}" last_fail_reason detail)
    _tune_printable(_detail "${_detail}")
    _tune_json_put(_result failed STRING "${_stage}")
    _tune_json_put(_result detail STRING "${_detail}")
    set(${out} "${_result}" PARENT_SCOPE)
    return()
  endif()
  foreach(_member median_ns same_code_as rejected)
    string(JSON _value ERROR_VARIABLE _error GET "${_row}" ${_member})
    if(NOT _error)
      if(_member STREQUAL "median_ns")
        string(JSON _winner ERROR_VARIABLE _error GET "${race}" winner)
        set(_seat false)
        if(_winner STREQUAL suffix)
          set(_seat true)
        endif()
        _tune_json_put(_result median_ns JSON "${_value}")
        _tune_json_put(_result seat JSON "${_seat}")
      else()
        _tune_printable(_value "${_value}")
        _tune_json_put(_result ${_member} STRING "${_value}")
      endif()
      set(${out} "${_result}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

# "AXIS=v,..." with its pairs in the family's axis order, as a proposal's spec is built.
function(_tune_canonical_spec out spec axes)
  string(REPLACE "," ";" _pairs "${spec}")
  set(_ordered "")
  foreach(_axis IN LISTS axes)
    foreach(_pair IN LISTS _pairs)
      if(_pair MATCHES "^${_axis}=")
        list(APPEND _ordered "${_pair}")
      endif()
    endforeach()
  endforeach()
  if(_ordered STREQUAL "")
    set(_ordered "${spec}")
  endif()
  string(REPLACE ";" "," _ordered "${_ordered}")
  set(${out} "${_ordered}" PARENT_SCOPE)
endfunction()

# FATAL_ERROR when the object `json` has a member not in `allowed` or lacks one of `required`.
function(_tune_generator_members what json allowed required)
  string(JSON _n LENGTH "${json}")
  set(_have "")
  set(_j 0)
  while(_j LESS _n)
    string(JSON _member MEMBER "${json}" ${_j})
    math(EXPR _j "${_j} + 1")
    if(NOT _member IN_LIST allowed)
      _tune_excerpt(_member "${_member}")
      string(REPLACE ";" ", " _allowed "${allowed}")
      message(FATAL_ERROR "${what} has member \"${_member}\", which the format does not have (${_allowed}).")
    endif()
    list(APPEND _have "${_member}")
  endwhile()
  foreach(_member IN LISTS required)
    if(NOT _member IN_LIST _have)
      message(FATAL_ERROR "${what} has no \"${_member}\" member.")
    endif()
  endforeach()
endfunction()
