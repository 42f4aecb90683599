# Rows of a family: grid expansion, suffixes, requirements, the reference and the fallback
# chain; then one isolated object per row (docs/cmake-api.md, tune_kernel_family).
#
# The expanders build a *row record*: variables under a prefix the caller names, as
# cmake_parse_arguments does. For the prefix <p>:
#   <p>_SPECS              one "AXIS=v,AXIS=v" string per row, in grid order ("-" for the row
#                          REFERENCE_SOURCES adds, which has no axis values)
#   <p>_SUFFIXES           the row's suffix (same index)
#   <p>_REQUIRES_<suffix>  the row's requires= expression, ISA requirement included (a variable
#                          per row: empty expressions would vanish from a list)
#   <p>_AXES               every axis the family names, in order; <p>_VALUES_<AXIS> its values
#   <p>_REFERENCE          the reference row's suffix (after _tune_pick_reference)
#   <p>_EXTRA_FLAGS_<suffix>  flags a generator's proposal brings (cmake/tune/Generator.cmake);
#                          unset for declared rows
# A function that reads the record loads it into the locals _specs, _suffixes, _req_<suffix>,
# _axes, _values_<AXIS> and _reference (_tune_load_rows); one that changes it hands it back to its
# caller with _tune_return_rows.

macro(_tune_load_rows p)
  set(_specs "${${p}_SPECS}")
  set(_suffixes "${${p}_SUFFIXES}")
  set(_axes "${${p}_AXES}")
  set(_reference "${${p}_REFERENCE}")
  foreach(_axis IN LISTS _axes)
    set(_values_${_axis} "${${p}_VALUES_${_axis}}")
  endforeach()
  foreach(_suffix IN LISTS _suffixes)
    set(_req_${_suffix} "${${p}_REQUIRES_${_suffix}}")
  endforeach()
endmacro()

# Sets the record <p> in the caller of the function that runs it, from the locals above.
macro(_tune_return_rows p)
  set(${p}_SPECS "${_specs}" PARENT_SCOPE)
  set(${p}_SUFFIXES "${_suffixes}" PARENT_SCOPE)
  set(${p}_AXES "${_axes}" PARENT_SCOPE)
  set(${p}_REFERENCE "${_reference}" PARENT_SCOPE)
  foreach(_axis IN LISTS _axes)
    set(${p}_VALUES_${_axis} "${_values_${_axis}}" PARENT_SCOPE)
  endforeach()
  foreach(_suffix IN LISTS _suffixes)
    set(${p}_REQUIRES_${_suffix} "${_req_${_suffix}}" PARENT_SCOPE)
  endforeach()
endmacro()

# Names each point of the local list _specs: the caller's _suffixes and _req_<suffix> (a macro, so
# it sets them where it is called).
macro(_tune_name_specs fn)
  set(_suffixes "")
  foreach(_spec IN LISTS _specs)
    _tune_row_suffix(_suffix "${_spec}")
    _tune_row_requires("${fn}" _req_${_suffix} "${_spec}" "")
    list(APPEND _suffixes "${_suffix}")
  endforeach()
endmacro()

# AXES <AXIS> <value>... as the record `out` with its axes and values and no rows yet.
function(_tune_parse_axes fn out axes)
  set(_axes "")
  set(_current "")
  foreach(_token IN LISTS axes)
    if(_token MATCHES "^[A-Z][A-Z0-9_]*$")
      if(_token IN_LIST _axes)
        message(FATAL_ERROR "${fn}: AXES names axis ${_token} twice; give each axis once with all its values.")
      endif()
      list(APPEND _axes "${_token}")
      set(_values_${_token} "")
      set(_current "${_token}")
    elseif(_current STREQUAL "")
      message(FATAL_ERROR "${fn}: AXES starts with value '${_token}'; start with an axis name in upper case, "
        "e.g. AXES UNROLL 1 2 4 ISA base avx2.")
    else()
      _tune_check_axis_value("${fn}" "${_current}" "${_token}")
      list(APPEND _values_${_current} "${_token}")
    endif()
  endforeach()
  foreach(_axis IN LISTS _axes)
    if("${_values_${_axis}}" STREQUAL "")
      message(FATAL_ERROR "${fn}: axis ${_axis} has no values; write AXES ${_axis} <value>...")
    endif()
  endforeach()
  set(_specs "")
  set(_suffixes "")
  set(_reference "")
  _tune_return_rows(${out})
endfunction()

# The most points a searched space may have: the tool holds each one (about 240 bytes) while it
# searches (tuner/search/rules.h max_space_points says the same).
set(_TUNE_MAX_SPACE_POINTS 4000000)

# The number of points of the record `rows`'s axes: the product of their value counts, or
# _TUNE_MAX_SPACE_POINTS + 1 when it is larger (CMake's integers would overflow).
function(_tune_axes_product out rows)
  set(_n 1)
  foreach(_axis IN LISTS ${rows}_AXES)
    list(LENGTH ${rows}_VALUES_${_axis} _k)
    math(EXPR _n "${_n} * ${_k}")
    if(_n GREATER _TUNE_MAX_SPACE_POINTS)
      math(EXPR _n "${_TUNE_MAX_SPACE_POINTS} + 1")
      break()
    endif()
  endforeach()
  set(${out} ${_n} PARENT_SCOPE)
endfunction()

# The record `out` of AXES <AXIS> <value>...: the cartesian product, first axis outermost.
function(_tune_expand_axes fn out axes)
  _tune_parse_axes("${fn}" ${out} "${axes}")
  _tune_load_rows(${out})
  # First axis outermost, so grid order reads like the declaration.
  set(_specs "")
  foreach(_axis IN LISTS _axes)
    set(_next "")
    if(_specs)
      foreach(_spec IN LISTS _specs)
        foreach(_value IN LISTS _values_${_axis})
          list(APPEND _next "${_spec},${_axis}=${_value}")
        endforeach()
      endforeach()
    else()
      foreach(_value IN LISTS _values_${_axis})
        list(APPEND _next "${_axis}=${_value}")
      endforeach()
    endif()
    set(_specs "${_next}")
  endforeach()
  _tune_name_specs("${fn}")
  _tune_check_duplicate_suffixes("${fn}" "${_specs}" "${_suffixes}" "suffixes are lower-case, so make the values \
differ in more than case (or list the rows as PERMUTATIONS and name one with ;suffix=<name>)")
  set(_reference "")
  _tune_return_rows(${out})
endfunction()

# PERMUTATIONS "<AXIS=v,...>[;suffix=<s>][;requires=<expr>]"... as the record `out`.
function(_tune_expand_permutations fn out permutations)
  set(_axes "")
  set(_specs "")
  set(_suffixes "")
  foreach(_perm IN LISTS permutations)
    # Each entry is itself a ';'-list: the pairs, then optional suffix= and requires=.
    set(_spec "")
    set(_suffix "")
    set(_extra "")
    foreach(_part IN LISTS _perm)
      if(_part MATCHES "^suffix=(.*)$")
        set(_suffix "${CMAKE_MATCH_1}")
        _tune_check_identifier("${fn}" "PERMUTATIONS suffix" "${_suffix}")
      elseif(_part MATCHES "^requires=(.*)$")
        set(_extra "${CMAKE_MATCH_1}")
      elseif(_spec STREQUAL "")
        set(_spec "${_part}")
      else()
        message(FATAL_ERROR "${fn}: PERMUTATIONS entry \"${_perm}\" has an unknown part '${_part}'; "
          "an entry is \"AXIS=v,...[;suffix=<s>][;requires=<expr>]\".")
      endif()
    endforeach()
    if(_spec STREQUAL "")
      message(FATAL_ERROR "${fn}: PERMUTATIONS entry \"${_perm}\" names no axis values; write \"AXIS=v,...\".")
    endif()
    string(REPLACE "," ";" _pairs "${_spec}")
    foreach(_pair IN LISTS _pairs)
      if(NOT _pair MATCHES "^([A-Z][A-Z0-9_]*)=(.*)$")
        message(FATAL_ERROR "${fn}: PERMUTATIONS entry \"${_perm}\": '${_pair}' is not AXIS=value "
          "(axis names are upper-case identifiers).")
      endif()
      set(_axis "${CMAKE_MATCH_1}")
      _tune_check_axis_value("${fn}" "${_axis}" "${CMAKE_MATCH_2}")
      if(NOT _axis IN_LIST _axes)
        list(APPEND _axes "${_axis}")
        set(_values_${_axis} "")
      endif()
      if(NOT CMAKE_MATCH_2 IN_LIST _values_${_axis})
        list(APPEND _values_${_axis} "${CMAKE_MATCH_2}")
      endif()
    endforeach()
    if(_suffix STREQUAL "")
      _tune_row_suffix(_suffix "${_spec}")
    endif()
    _tune_row_requires("${fn}" _req_${_suffix} "${_spec}" "${_extra}")
    list(APPEND _specs "${_spec}")
    list(APPEND _suffixes "${_suffix}")
  endforeach()
  _tune_check_duplicate_suffixes("${fn}" "${_specs}" "${_suffixes}" "give one of them its own name with ;suffix=<name>")
  set(_reference "")
  _tune_return_rows(${out})
endfunction()

function(_tune_check_axis_value fn axis value)
  if(NOT value MATCHES "^[A-Za-z0-9_]+$")
    message(FATAL_ERROR "${fn}: axis ${axis} value '${value}' is not a C identifier fragment; "
      "use letters, digits and '_' (it becomes part of a symbol name and a macro).")
  endif()
  if(axis STREQUAL "ISA")
    _tune_isa_names(_isas)
    if(NOT value IN_LIST _isas AND value IN_LIST _TUNE_FOREIGN_ISAS)
      string(REPLACE ";" ", " _known "${_isas}")
      message(FATAL_ERROR "${fn}: ISA value '${value}' is an instruction set of ${_TUNE_FOREIGN_ARCH}, and this build "
        "is for ${CMAKE_SYSTEM_PROCESSOR}, whose values are: ${_known}. Name those (a family for several targets "
        "can choose its AXES by CMAKE_SYSTEM_PROCESSOR), or add a value with tune_isa().")
    elseif(NOT value IN_LIST _isas)
      string(REPLACE ";" ", " _known "${_isas}")
      message(FATAL_ERROR "${fn}: ISA value '${value}' is not a known instruction set on "
        "${CMAKE_SYSTEM_PROCESSOR} (known: ${_known}); define it with tune_isa(${value} FLAGS ... REQUIRES ...).")
    endif()
  endif()
endfunction()

# UNROLL=4,ISA=avx2 -> unroll4_avx2: plain axes give name and value, ISA its value alone.
function(_tune_row_suffix out spec)
  string(REPLACE "," ";" _pairs "${spec}")
  set(_parts "")
  foreach(_pair IN LISTS _pairs)
    string(REGEX MATCH "^([^=]+)=(.*)$" _ "${_pair}")
    if(CMAKE_MATCH_1 STREQUAL "ISA")
      list(APPEND _parts "${CMAKE_MATCH_2}")
    else()
      list(APPEND _parts "${CMAKE_MATCH_1}${CMAKE_MATCH_2}")
    endif()
  endforeach()
  string(REPLACE ";" "_" _suffix "${_parts}")
  string(TOLOWER "${_suffix}" _suffix)
  set(${out} "${_suffix}" PARENT_SCOPE)
endfunction()

# The row's requires= expression: its ISA's requirement AND the row's own.
function(_tune_row_requires fn out spec extra)
  set(_terms "")
  if(spec MATCHES "(^|,)ISA=([A-Za-z0-9_]+)")
    _tune_isa_requires(_isa_requires "${CMAKE_MATCH_2}")
    if(_isa_requires)
      list(APPEND _terms "${_isa_requires}")
    endif()
  endif()
  if(NOT extra STREQUAL "")
    _tune_check_requires("${fn}" "row \"${spec}\"" "${extra}")
    list(APPEND _terms "${extra}")
  endif()
  string(REPLACE ";" "," _expr "${_terms}")
  set(${out} "${_expr}" PARENT_SCOPE)
endfunction()

# Two rows with one suffix would define one symbol twice; `hint` says how to tell them apart.
# A variable per suffix seen keeps the check linear in the rows.
function(_tune_check_duplicate_suffixes fn specs suffixes hint)
  foreach(_suffix _spec IN ZIP_LISTS suffixes specs)
    if(DEFINED _seen_${_suffix})
      message(FATAL_ERROR "${fn}: duplicate suffix '${_suffix}' (rows \"${_seen_${_suffix}}\" and \"${_spec}\"); ${hint}.")
    endif()
    _tune_check_identifier("${fn}" "row suffix" "${_suffix}")
    set(_seen_${_suffix} "${_spec}")
  endforeach()
endfunction()

# True when every AXIS=v pair of `pattern` holds in `spec`.
function(_tune_spec_matches out spec pattern)
  string(REPLACE "," ";" _want "${pattern}")
  string(REPLACE "," ";" _have "${spec}")
  foreach(_pair IN LISTS _want)
    if(NOT _pair IN_LIST _have)
      set(${out} FALSE PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} TRUE PARENT_SCOPE)
endfunction()

# Checks an "AXIS=v,..." pattern of `keyword` against the axes and values of the row record `rows`.
function(_tune_check_pattern fn keyword pattern rows)
  set(axes "${${rows}_AXES}")
  string(REPLACE "," ";" _pairs "${pattern}")
  foreach(_pair IN LISTS _pairs)
    if(NOT _pair MATCHES "^([A-Z][A-Z0-9_]*)=([A-Za-z0-9_]+)$")
      message(FATAL_ERROR "${fn}: ${keyword} \"${pattern}\": '${_pair}' is not AXIS=value.")
    endif()
    if(NOT CMAKE_MATCH_1 IN_LIST axes)
      string(REPLACE ";" ", " _known "${axes}")
      message(FATAL_ERROR "${fn}: ${keyword} \"${pattern}\" names axis ${CMAKE_MATCH_1}, which the family "
        "does not have (axes: ${_known}).")
    endif()
    set(_axis "${CMAKE_MATCH_1}")
    set(_value "${CMAKE_MATCH_2}")
    if(NOT _value IN_LIST ${rows}_VALUES_${_axis})
      string(REPLACE ";" ", " _values "${${rows}_VALUES_${_axis}}")
      message(FATAL_ERROR "${fn}: ${keyword} \"${pattern}\" names ${_axis}=${_value}, but axis ${_axis} has no "
        "value ${_value} (values: ${_values}).")
    endif()
  endforeach()
endfunction()

# EXCLUDE "<AXIS=v,...>"...: drops from the row record `rows` every row matching a pattern.
function(_tune_apply_excludes fn rows excludes)
  _tune_load_rows(${rows})
  foreach(_pattern IN LISTS excludes)
    _tune_check_pattern("${fn}" EXCLUDE "${_pattern}" ${rows})
    set(_keep_specs "")
    set(_keep_suffixes "")
    foreach(_spec _s IN ZIP_LISTS _specs _suffixes)
      _tune_spec_matches(_match "${_spec}" "${_pattern}")
      if(NOT _match)
        list(APPEND _keep_specs "${_spec}")
        list(APPEND _keep_suffixes "${_s}")
      endif()
    endforeach()
    set(_specs "${_keep_specs}")
    set(_suffixes "${_keep_suffixes}")
  endforeach()
  if(NOT _specs)
    message(FATAL_ERROR "${fn}: EXCLUDE removed every row; the family needs at least one.")
  endif()
  _tune_return_rows(${rows})
endfunction()

# A global -march= (or -mavx2 ...) makes every row the same ISA and silently voids the axis. Checks
# the C++ flags of every configuration (_tune_configurations) as directory `dir` defines them, the C
# (Fortran) flags too when SOURCES (the family's) has a C (Fortran) file, and with COMPILE_OPTIONS that directory's
# compile options. Called when a family with an ISA axis
# is declared (COMPILE_OPTIONS applies to targets created after it) and again at the end of the
# project, when CMAKE_CXX_FLAGS has its final value (it applies to the directory's targets as it
# stands at the end of the directory, so a -march= set after the family voids its axis too).
function(_tune_check_global_isa_flags fn dir)
  cmake_parse_arguments(PARSE_ARGV 2 arg "COMPILE_OPTIONS" "" "SOURCES")
  # C (Fortran) rows compile with CMAKE_C_FLAGS* (CMAKE_Fortran_FLAGS*): checked when the family has one.
  set(_languages CXX)
  foreach(_source IN LISTS arg_SOURCES)
    _tune_fortran_sources(_fortran "${_source}")
    if(_source MATCHES "[.]c$")
      list(APPEND _languages C)
    elseif(_fortran)
      list(APPEND _languages Fortran)
    endif()
  endforeach()
  list(REMOVE_DUPLICATES _languages)
  _tune_configurations(_configs)
  set(_vars "")
  foreach(_lang IN LISTS _languages)
    list(APPEND _vars CMAKE_${_lang}_FLAGS)
    foreach(_config IN LISTS _configs)
      string(TOUPPER "${_config}" _upper)
      list(APPEND _vars CMAKE_${_lang}_FLAGS_${_upper})
    endforeach()
  endforeach()
  set(_where "")
  foreach(_var IN LISTS _vars)
    get_directory_property(_value DIRECTORY "${dir}" DEFINITION ${_var})
    list(APPEND _where "${_var}")
    set(_value_${_var} "${_value}")
  endforeach()
  if(arg_COMPILE_OPTIONS)
    get_directory_property(_options DIRECTORY "${dir}" COMPILE_OPTIONS)
    string(REPLACE ";" " " _options "${_options}")
    set(_var "the directory's COMPILE_OPTIONS")
    list(APPEND _where "${_var}")
    set(_value_${_var} "${_options}")
  endif()
  foreach(_var IN LISTS _where)
    if(" ${_value_${_var}}" MATCHES "${_TUNE_GLOBAL_ISA_FLAGS_REGEX}")
      string(STRIP "${CMAKE_MATCH_0}" _flag)
      message(FATAL_ERROR "${fn}: ${_var} contains '${_flag}', which gives every row the same instruction set "
        "and silently voids the family's ISA axis; remove it from ${_var} (the ISA axis picks the flags per row).")
    endif()
  endforeach()
endfunction()

# Sets <rows>_REFERENCE, the reference row's suffix: REFERENCE_SOURCES adds the row `reference`;
# else the row REFERENCE names; else the first value of each axis (for PERMUTATIONS, the first
# row). `grid` is true for AXES, where an excluded default is an error.
function(_tune_pick_reference fn rows reference reference_sources grid)
  _tune_load_rows(${rows})
  if(NOT "${reference_sources}" STREQUAL "")
    if("reference" IN_LIST _suffixes)
      message(FATAL_ERROR "${fn}: a row is already named 'reference'; REFERENCE_SOURCES adds a row by that name.")
    endif()
    list(APPEND _specs "-")  # no axis values; a placeholder keeps the lists aligned
    list(APPEND _suffixes reference)
    set(_req_reference "")
    set(_reference reference)
  elseif(NOT "${reference}" STREQUAL "")
    _tune_check_pattern("${fn}" REFERENCE "${reference}" ${rows})
    set(_reference "")
    foreach(_spec _s IN ZIP_LISTS _specs _suffixes)
      _tune_spec_matches(_match "${_spec}" "${reference}")
      if(_match)
        list(APPEND _reference "${_s}")
      endif()
    endforeach()
    list(LENGTH _reference _n)
    if(NOT _n EQUAL 1)
      string(REPLACE ";" ", " _names "${_reference}")
      message(FATAL_ERROR "${fn}: REFERENCE \"${reference}\" must match exactly one row; it matches ${_n} "
        "(${_names}). Name every axis of the reference row.")
    endif()
  else()
    set(_first "")
    foreach(_axis IN LISTS _axes)
      list(GET _values_${_axis} 0 _v)
      list(APPEND _first "${_axis}=${_v}")
    endforeach()
    string(REPLACE ";" "," _first "${_first}")
    list(FIND _specs "${_first}" _index)
    if(_index EQUAL -1)
      list(GET _suffixes 0 _reference)
      if(grid)
        message(FATAL_ERROR "${fn}: the default reference row \"${_first}\" (the first value of each axis) "
          "is excluded; name the reference with REFERENCE \"AXIS=v,...\".")
      endif()
    else()
      list(GET _suffixes ${_index} _reference)
    endif()
  endif()
  _tune_return_rows(${rows})
endfunction()

# Checks FALLBACK's chain against the family's row suffixes `rows`.
function(_tune_check_fallback fn chain rows)
  if(NOT chain)
    message(FATAL_ERROR "${fn}: FALLBACK is empty; name at least one row suffix.")
  endif()
  foreach(_suffix IN LISTS chain)
    if(NOT _suffix IN_LIST rows)
      string(REPLACE ";" ", " _rows "${rows}")
      if(_suffix MATCHES "^[A-Z][A-Z0-9_]+$")
        # A misspelt keyword after FALLBACK lands in its chain.
        message(FATAL_ERROR "${fn}: FALLBACK names '${_suffix}', which is no row of the family and looks like a "
          "misspelt keyword; the keywords are SCOPE, SIGNATURE, SOURCES, FIXTURE, AXES, PERMUTATIONS, EXCLUDE, "
          "CONSTRAINTS, REFERENCE, REFERENCE_SOURCES, FALLBACK, TOLERANCE, COMPANIONS, TIMEOUT, INCLUDES, LINK, GENERATOR, "
          "GENERATOR_TIMEOUT (rows: ${_rows}).")
      endif()
      message(FATAL_ERROR "${fn}: FALLBACK names '${_suffix}', which is no row of the family (rows: ${_rows}).")
    endif()
  endforeach()
endfunction()

# How many relocated copies of each row the bench links: the validation re-race's placements
# (tune::bench::relocated_copies, which the generated registry checks against this).
function(_tune_relocated_copies out)
  set(${out} 3 PARENT_SCOPE)
endfunction()

# The Fortran files of `sources`, by the suffixes CMake compiles as Fortran.
function(_tune_fortran_sources out sources)
  set(_fortran "")
  foreach(_source IN LISTS sources)
    if(_source MATCHES "[.]([fF]|[fF]90|[fF]95|[fF]03|[fF]08|for|FOR|fpp|FPP)$")
      list(APPEND _fortran "${_source}")
    endif()
  endforeach()
  set(${out} "${_fortran}" PARENT_SCOPE)
endfunction()

# The linkage of the functions a row's `sources` define (C for sources compiled as C, and for
# Fortran, whose entry is bind(C); C++ otherwise): what the registry and the stamp declare them
# with. A family mixing C++ sources with others defines `symbol` (TUNE_ENTRY, or
# TUNE_COMPANION(<fn>)) in one of them, found by reading them; `fallback` when none or both say.
function(_tune_row_linkage fn out sources symbol fallback)
  set(_c "")
  set(_cxx "")
  foreach(_source IN LISTS sources)
    _tune_fortran_sources(_fortran "${_source}")
    if(_source MATCHES "[.]c$" OR _fortran)
      list(APPEND _c "${_source}")
    else()
      list(APPEND _cxx "${_source}")
    endif()
  endforeach()
  if(NOT _cxx)
    set(${out} C PARENT_SCOPE)
    return()
  elseif(NOT _c)
    set(${out} CXX PARENT_SCOPE)
    return()
  endif()
  set(_in "")
  foreach(_lang C CXX)
    string(TOLOWER "${_lang}" _l)
    foreach(_source IN LISTS _${_l})
      file(READ "${_source}" _text)
      string(FIND "${_text}" "${symbol}" _at)
      if(NOT _at EQUAL -1 AND NOT _lang IN_LIST _in)
        list(APPEND _in ${_lang})
      endif()
    endforeach()
  endforeach()
  list(LENGTH _in _n)
  if(_n EQUAL 1)
    set(${out} "${_in}" PARENT_SCOPE)
  elseif(fallback STREQUAL "")
    string(REPLACE ";" ", " _all "${sources}")
    _tune_fortran_sources(_fortran "${_c}")
    if(NOT _fortran)
      set(_others "C")
    elseif("${_fortran}" STREQUAL "${_c}")
      set(_others "Fortran")
    else()
      set(_others "C, Fortran")
    endif()
    message(FATAL_ERROR "${fn}: SOURCES mixes ${_others} and C++ (${_all}), and cmake-tune cannot tell which one defines "
      "${symbol}: exactly one of them must write ${symbol} itself, so the bench and the stamp declare it with the "
      "right linkage.")
  else()
    set(${out} "${fallback}" PARENT_SCOPE)
  endif()
endfunction()

# A C or Fortran row's functions are declared extern "C" with the family's SIGNATURE, so it must be
# C; and the project must compile the sources' languages.
function(_tune_check_c_signature fn signature sources)
  get_property(_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  set(_in "C")
  foreach(_source IN LISTS sources)
    _tune_fortran_sources(_fortran "${_source}")
    if(_fortran)
      set(_in "Fortran")
      if(NOT "Fortran" IN_LIST _languages)
        message(FATAL_ERROR "${fn}: SOURCES has Fortran sources (${sources}) but the project does not enable "
          "Fortran; write project(<name> LANGUAGES CXX Fortran) or call enable_language(Fortran) before "
          "tune_kernel_family.")
      endif()
    elseif(_source MATCHES "[.]c$" AND NOT "C" IN_LIST _languages)
      message(FATAL_ERROR "${fn}: SOURCES has C sources (${sources}) but the project does not enable C; "
        "write project(<name> LANGUAGES C CXX) or call enable_language(C) before tune_kernel_family.")
    endif()
  endforeach()
  if(signature MATCHES "(::|&|<|>)")
    message(FATAL_ERROR "${fn}: SIGNATURE \"${signature}\" is C++ ('${CMAKE_MATCH_1}'), but the entry is defined in "
      "${_in} (${sources}); write it in C types, e.g. size_t for std::size_t and pointers for references.")
  endif()
endfunction()

# A Fortran row's entry is bind(C), whose binding name is the function's name in lower case and at
# most 63 characters long (Fortran 2003): the family's name and every row's entry must be so.
function(_tune_check_fortran_rows fn name sources suffixes)
  _tune_fortran_sources(_fortran "${sources}")
  if(NOT _fortran)
    return()
  endif()
  string(TOLOWER "${name}" _lower)
  if(NOT _lower STREQUAL name)
    message(FATAL_ERROR "${fn}: the family has Fortran sources, whose bind(C) names are lower case, so the family's "
      "name must be too; name it ${_lower}.")
  endif()
  foreach(_suffix IN LISTS suffixes)
    string(LENGTH "${name}__${_suffix}" _length)
    if(_length GREATER 63)
      message(FATAL_ERROR "${fn}: row ${name}__${_suffix} is ${_length} characters long, and a Fortran name has at "
        "most 63; shorten the family's name or its axis values (or name the row with PERMUTATIONS ;suffix=<name>).")
    endif()
  endforeach()
endfunction()

# The libraries a program that links Fortran rows needs besides the C++ ones (gfortran's runtime),
# from what CMake found the Fortran compiler links implicitly.
function(_tune_fortran_runtime libs_out dirs_out)
  set(_libs "")
  foreach(_lib IN LISTS CMAKE_Fortran_IMPLICIT_LINK_LIBRARIES)
    if(NOT _lib IN_LIST CMAKE_CXX_IMPLICIT_LINK_LIBRARIES AND NOT _lib IN_LIST _libs)
      list(APPEND _libs "${_lib}")
    endif()
  endforeach()
  set(${libs_out} "${_libs}" PARENT_SCOPE)
  set(${dirs_out} "${CMAKE_Fortran_IMPLICIT_LINK_DIRECTORIES}" PARENT_SCOPE)
endfunction()

# string(APPEND) copies the whole value each time, so a text built row by row would cost the square
# of the rows: _tune_text_add gathers the pieces (the value of variable `piece`) in <var>_part and
# moves them into <var> 64 at a time; _tune_text_done moves the rest.
macro(_tune_text_add var piece)
  string(APPEND ${var}_part "${${piece}}")
  math(EXPR ${var}_n "0${${var}_n} + 1")
  if(${var}_n GREATER_EQUAL 64)
    string(APPEND ${var} "${${var}_part}")
    set(${var}_part "")
    set(${var}_n 0)
  endif()
endmacro()

macro(_tune_text_done var)
  string(APPEND ${var} "${${var}_part}")
  unset(${var}_part)
  unset(${var}_n)
endmacro()

# The linkage of a row's entry and companions from `sources` (_tune_row_linkage), checked once per
# set of sources rather than once per row: it reads the sources.
function(_tune_sources_linkage fn out sources signature companions)
  _tune_row_linkage("${fn}" _linkage "${sources}" TUNE_ENTRY "")
  if(_linkage STREQUAL "C")
    _tune_check_c_signature("${fn}" "${signature}" "${sources}")
  endif()
  foreach(_companion IN LISTS companions)
    _tune_row_linkage("${fn}" _companion_linkage "${sources}" "TUNE_COMPANION(${_companion})" "${_linkage}")
    if(NOT _companion_linkage STREQUAL _linkage)
      message(FATAL_ERROR "${fn}: the entry of the rows is ${_linkage} but companion ${_companion} is "
        "${_companion_linkage}; define a row's entry and its companions in sources of one language.")
    endif()
  endforeach()
  set(${out} "${_linkage}" PARENT_SCOPE)
endfunction()

# _tune_row_record(<out> <sep> <suffix> <spec> <requires> <flags> <defines> <linkage> <build_record>):
# the row as the manifest describes it (tune-manifest/1; tuner/manifest/manifest.h), after <sep>.
function(_tune_row_record out sep suffix spec requires flags defines linkage build_record)
  _tune_json_quote(q_requires "${requires}")
  _tune_json_quote(q_record "${build_record}")
  set(q_flags "")
  foreach(flag IN LISTS flags)
    _tune_json_quote(q "${flag}")
    list(APPEND q_flags "${q}")
  endforeach()
  string(REPLACE ";" ", " q_flags "${q_flags}")
  string(REPLACE ";" "\", \"" q_defs "${defines}")
  set(axes_text "${spec}")
  if(spec STREQUAL "-")
    set(axes_text "")
  endif()
  set(${out} "${sep}
    {\"suffix\": \"${suffix}\", \"axes\": \"${axes_text}\", \"requires\": ${q_requires}, \"flags\": [${q_flags}], \
\"defines\": [\"${q_defs}\"], \"linkage\": \"${linkage}\", \"build_record\": ${q_record}}" PARENT_SCOPE)
endfunction()

# _tune_search_template_row(<out> <fn> <search> <reference> <chain> <reference_sources>): the row
# of a searched family whose compile the tool varies: the reference, or with REFERENCE_SOURCES the
# first row of the FALLBACK chain <chain>, which is compiled from SOURCES like every searched row.
function(_tune_search_template_row out fn search reference chain reference_sources)
  if("${reference_sources}" STREQUAL "")
    set(${out} "${reference}" PARENT_SCOPE)
    return()
  endif()
  foreach(suffix IN LISTS chain)
    if(NOT suffix STREQUAL "reference")
      set(${out} "${suffix}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  message(FATAL_ERROR "${fn}: SEARCH ${search} compiles the rows it visits like a row of SOURCES, and "
    "this family's reference has REFERENCE_SOURCES and its FALLBACK chain names no other row; add a row of "
    "the grid to FALLBACK, or write SEARCH exhaustive.")
endfunction()

# One OBJECT library per row compiled with the row's macros and ISA flags, then a single
# isolated object that exports nothing but the row's entry, collected in the family's archive.
# Each row also keeps its companions' symbols (<function>__<suffix>) global. Beside it, the
# row's relocated copies (exports prefixed tune_relocated<k>__) for the bench's re-race.
#
# A row's compile goes through tune/compile-row.cmake as its compiler launcher (after any the
# project set, such as ccache), and `tune isolate` (tuner/isolate/isolate.h) may refuse its object: either way a row that
# is neither the reference nor in the FALLBACK chain is left out, not fatal. What it was is
# recorded at <rows dir>/<family>__<suffix>.fail.txt, an empty object stands in for it, and the
# bench reports the row with that reason (registry.h row_info::build_record).
#
# The rows end up as data on the family's target (tune/State.cmake): ROWS, ROW_REQUIRES,
# ROW_LINKAGES, CRITICAL_ROWS, ROW_RECORDS. Everything per row is linear: no list(GET) by index, no
# growing JSON document.
# One row's object library and its isolate step, for _tune_add_row_objects (whose locals it reads
# and extends: a macro, so the row texts it gathers stay linear).
macro(_tune_add_row_object)
  add_library(${_obj} OBJECT ${_row_sources})
  target_compile_definitions(${_obj} PRIVATE ${_defs})
  # -falign-functions=64: the same code at another offset within a cache line runs measurably
  # apart on this class of machine, and the race must compare code, not placement
  # (docs/notes/race-real-passes-2026-11.md, "What the real numbers say"). Before the row's
  # flags, so a FLAGS choice wins.
  # -fno-gnu-unique: GCC's STB_GNU_UNIQUE symbols cannot be made local, so rows would share them.
  target_compile_options(${_obj} PRIVATE ${_common_options} ${_flags}
    $<$<COMPILE_LANG_AND_ID:CXX,GNU>:-fno-gnu-unique>)
  # A Fortran row's module files in a folder of its own: rows define the same modules, and a row's
  # modules are its own (tuner/isolate/isolate.cpp makes their entities local). The row's macros
  # reach a Fortran source through the preprocessor, whatever its suffix.
  set_target_properties(${_obj} PROPERTIES Fortran_MODULE_DIRECTORY "${_rows_dir}/modules/${_suffix}"
    Fortran_PREPROCESS ON)
  # A searched family's template row (_tune_search_template_row) keeps its compile's arguments,
  # which the tool varies to compile the rows the search visits (tuner/mint/search_rows.h); a
  # Fortran one also carries the row's macros, which with Ninja its compile does not see
  # (compile-row.cmake, _tune_fortran_template).
  set(_template "")
  set(_template_defines "")
  if(_searched AND _suffix STREQUAL _template_row)
    set(_template ON)
    string(REPLACE ";" "," _template_defines "-DTEMPLATE_DEFINES=${_defs}")
  endif()
  foreach(_lang C CXX Fortran)
    set_property(TARGET ${_obj} PROPERTY ${_lang}_COMPILER_LAUNCHER "${CMAKE_COMMAND}" "-DROW=${_entry}"
      "-DCRITICAL=${_critical}" "-DCOMPILER=${CMAKE_${_lang}_COMPILER}" "-DLANG=${_lang}" "-DTEMPLATE=${_template}"
      ${_template_defines} -P "${_TUNE_MODULE_DIR}/tune/compile-row.cmake" -- ${CMAKE_${_lang}_COMPILER_LAUNCHER})
  endforeach()
  target_include_directories(${_obj} PRIVATE ${includes})
  target_link_libraries(${_obj} PRIVATE tune::kernel ${link})
  # FOLDER: an IDE lists the rows under cmake-tune/, not beside the project's own targets.
  set_target_properties(${_obj} PROPERTIES POSITION_INDEPENDENT_CODE ON FOLDER "cmake-tune/rows/${name}")

  set(_companion_args "")
  foreach(_prefix IN LISTS _companion_prefixes)
    list(APPEND _companion_args --companion "${_prefix}${_suffix}")
  endforeach()
  set(_out "${_rows_dir}/${_entry}.o")
  set(_relocated "")
  set(_relocated_args "")
  foreach(_k RANGE 1 ${_placements})
    set(_copy "${_rows_dir}/relocated/tune_relocated${_k}__${_entry}.o")
    list(APPEND _relocated "${_copy}")
    list(APPEND _relocated_args --relocated "${_copy}")
  endforeach()
  set(_critical_args "")
  if(_critical)
    set(_critical_args --critical ${_critical})
  endif()
  # aarch64 rows are held to their requires= by their disassembly (tuner/isolate/instructions.h).
  set(_check_args "")
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$" AND CMAKE_OBJDUMP)
    set(_check_args --objdump "${CMAKE_OBJDUMP}")
    if(NOT "${_req_${_suffix}}" STREQUAL "")
      list(APPEND _check_args --requires "${_req_${_suffix}}")
    endif()
  endif()
  # The row joins the isolation batch being gathered (_tune_isolate_batch): its arguments to
  # `tune isolate`, one per line, then its objects.
  set(_lines "--entry\n${_entry}\n--suffix\n${_suffix}\n--output\n${_out}\n--record\n${_rows_dir}/${_entry}\n")
  foreach(_arg IN LISTS _companion_args _relocated_args _critical_args _check_args)
    string(APPEND _lines "${_arg}\n")
  endforeach()
  string(APPEND _batch_text "${_lines}--linker\n${CMAKE_LINKER}\n--objcopy\n${CMAKE_OBJCOPY}\n--\n"
    "$<JOIN:$<TARGET_OBJECTS:${_obj}>,\n>\n\n")
  list(APPEND _batch_outputs "${_out}" ${_relocated})
  list(APPEND _batch_deps "$<TARGET_OBJECTS:${_obj}>")
  # Ninja orders the isolate step after the compile through the object file alone; the
  # Makefile generators need the target too. A target in DEPENDS costs CMake's generate step time
  # that grows with the square of the rows, so only the generators that need it get it.
  if(NOT CMAKE_GENERATOR MATCHES "^Ninja")
    list(APPEND _batch_deps ${_obj})
  endif()
  if(_batch_rows EQUAL 0)
    set(_batch_first "${_entry}")
  endif()
  set(_batch_last "${_entry}")
  math(EXPR _batch_rows "${_batch_rows} + 1")
  if(_batch_rows EQUAL _TUNE_ISOLATE_BATCH_ROWS)
    _tune_isolate_batch()
  endif()
  set(_piece "${_out};")
  _tune_text_add(_isolated _piece)
  set(_piece "${_relocated};")
  _tune_text_add(_relocated_copies _piece)
endmacro()

# _tune_row_common_options(<out>): the options every row's compile gets, whatever its family
# (docs/design/kernels-and-isolation.md "Compiling a row as its own object").
function(_tune_row_common_options out)
  set(_options $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang,AppleClang>:-falign-functions=64>
    $<$<COMPILE_LANG_AND_ID:C,GNU,Clang,AppleClang>:-falign-functions=64>
    $<$<COMPILE_LANG_AND_ID:Fortran,GNU>:-falign-functions=64>)
  # The bench links every row four times (itself and its relocated copies): rows with large static
  # buffers pass the 2 GiB the x86-64 small code model reaches. GCC's medium model puts data over
  # 64 KiB in large sections (.lbss, .ldata), beyond that reach, and leaves the code of every other
  # access as it was. Clang's (before 17) reaches every static with a 64-bit offset and leaves it
  # in .bss; isolation then moves the row's .bss to .lbss (tuner/isolate/large_data.h).
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
    list(APPEND _options $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>:-mcmodel=medium>
      $<$<COMPILE_LANG_AND_ID:C,GNU,Clang>:-mcmodel=medium> $<$<COMPILE_LANG_AND_ID:Fortran,GNU>:-mcmodel=medium>)
  endif()
  set(${out} "${_options}" PARENT_SCOPE)
endfunction()

# Rows are isolated in batches, each one `tune isolate --batch` process over the rows gathered by
# _tune_add_row_object; calling it makes the batch so far, if any, a command and starts the next.
# A process per row cost a small row half its compile again, mostly in starting the tool
# (bench/isolate-time). The batch's file holds each row's arguments, one per line, a row's objects
# last after `--`, rows apart by an empty line. A batch is re-run whole when one of its rows
# recompiles; batches of a few dozen rows keep that short and let the build run several at a time.
set(_TUNE_ISOLATE_BATCH_ROWS 32)
macro(_tune_isolate_batch)
  if(_batch_rows GREATER 0)
    math(EXPR _batch_index "${_batch_index} + 1")
    set(_batch_file "${_rows_dir}/isolate-${_batch_index}.rows")
    file(GENERATE OUTPUT "${_batch_file}" CONTENT "${_batch_text}")
    if(_batch_rows EQUAL 1)
      set(_comment "Isolating kernel row ${_batch_first}")
    else()
      set(_comment "Isolating kernel rows ${_batch_first} to ${_batch_last} (${_batch_rows})")
    endif()
    set(_tool_deps "$<TARGET_FILE:${tool}>")
    if(NOT CMAKE_GENERATOR MATCHES "^Ninja")
      list(APPEND _tool_deps ${tool})
    endif()
    add_custom_command(OUTPUT ${_batch_outputs}
      COMMAND "$<TARGET_FILE:${tool}>" isolate --batch "${_batch_file}"
      DEPENDS ${_batch_deps} "${_batch_file}" ${_tool_deps}
      COMMENT "${_comment}"
      VERBATIM)
  endif()
  set(_batch_text "")
  set(_batch_outputs "")
  set(_batch_deps "")
  set(_batch_rows 0)
endmacro()

# _tune_keep_search_space(<family> <rows>): what the tool makes a searched family's space and rows
# from, kept on the family for its manifest (tune/Search.cmake _tune_search_json): the axes of the
# row record <rows> with their values, each ISA value's flags and requirement, and each
# constraint's parsed form (tune/Constraints.cmake), from which the tool enumerates the space
# (tuner/search/rules.h) instead of reading rows.
function(_tune_keep_search_space name rows)
  _tune_family_set("${name}" SEARCH_AXES "${${rows}_AXES}")
  foreach(_axis IN LISTS ${rows}_AXES)
    set_property(TARGET tune_family_${name} PROPERTY TUNE_SEARCH_VALUES_${_axis} "${${rows}_VALUES_${_axis}}")
  endforeach()
  if("ISA" IN_LIST ${rows}_AXES)
    foreach(_value IN LISTS ${rows}_VALUES_ISA)
      _tune_isa_flags(_flags "${_value}")
      _tune_isa_requires(_requires "${_value}")
      set_property(TARGET tune_family_${name} PROPERTY TUNE_SEARCH_ISA_FLAGS_${_value} "${_flags}")
      set_property(TARGET tune_family_${name} PROPERTY TUNE_SEARCH_ISA_REQUIRES_${_value} "${_requires}")
    endforeach()
  endif()
  set(_k 0)
  foreach(_text IN LISTS ${rows}_CONSTRAINTS)
    set_property(TARGET tune_family_${name} PROPERTY TUNE_SEARCH_RPN_${_k} "${${rows}_CONSTRAINT_RPN_${_k}}")
    math(EXPR _k "${_k} + 1")
  endforeach()
endfunction()

function(_tune_add_row_objects name rows sources reference_sources includes link companions tool)
  _tune_load_rows(${rows})
  _tune_config_subdir(_cfg)
  set(_isolated "")
  set(_relocated_copies "")
  set(_batch_index 0)
  _tune_isolate_batch()  # starts the first
  _tune_relocated_copies(_placements)
  _tune_family_get(_chain "${name}" FALLBACK)
  set(_fn "tune_kernel_family(${name})")
  _tune_family_get(_signature "${name}" SIGNATURE)
  set(_rows_dir "${CMAKE_CURRENT_BINARY_DIR}/tune_rows${_cfg}/${name}")
  _tune_family_get(_search "${name}" SEARCH)
  _tune_is_searched(_searched "${name}")
  if(_searched)
    _tune_search_template_row(_template_row "${_fn}" "${_search}" "${${rows}_REFERENCE}" "${_chain}"
      "${reference_sources}")
    _tune_family_set("${name}" SEARCH_TEMPLATE_ROW "${_template_row}")
  endif()
  _tune_sources_linkage("${_fn}" _sources_linkage "${sources}" "${_signature}" "${companions}")
  if(NOT "${reference_sources}" STREQUAL "")
    _tune_sources_linkage("${_fn}" _reference_linkage "${reference_sources}" "${_signature}" "${companions}")
  endif()
  _tune_row_common_options(_common_options)
  _tune_check_fortran_rows("${_fn}" "${name}" "${sources};${reference_sources}" "${_suffixes}")
  set(_companion_prefixes "")
  foreach(_companion IN LISTS companions)
    list(APPEND _companion_prefixes "${_companion}__")
  endforeach()
  # Per axis, every value's TUNE_AXIS_<AXIS>_IS_<value>=0 (a row sets its own value's to 1), and
  # the flags of each ISA value.
  foreach(_axis IN LISTS _axes)
    set(_is_${_axis} "")
    foreach(_value IN LISTS _values_${_axis})
      string(APPEND _is_${_axis} ";TUNE_AXIS_${_axis}_IS_${_value}=0")
      if(_axis STREQUAL "ISA")
        _tune_isa_flags(_isa_flags_${_value} "${_value}")
      endif()
    endforeach()
  endforeach()
  set(_records "")
  set(_declared "")
  set(_row_requires "")
  set(_row_linkages "")
  set(_critical_rows "")
  set(_sep "")
  foreach(_suffix _spec IN ZIP_LISTS _suffixes _specs)
    set(_entry "${name}__${_suffix}")
    set(_obj "tune_obj_${_entry}")
    set(_defs TUNE_ENTRY=${_entry} TUNE_ROW_SUFFIX=${_suffix})
    if(_suffix STREQUAL _reference)
      list(APPEND _defs TUNE_IS_REFERENCE=1)
    else()
      list(APPEND _defs TUNE_IS_REFERENCE=0)
    endif()
    set(_flags "")
    foreach(_axis IN LISTS _axes)
      if(_spec MATCHES "(^|,)${_axis}=([^,]*)")
        set(_mine "${CMAKE_MATCH_2}")
        string(REPLACE ";TUNE_AXIS_${_axis}_IS_${_mine}=0;" ";TUNE_AXIS_${_axis}_IS_${_mine}=1;" _is
          "${_is_${_axis}};")
        string(REGEX REPLACE ";$" "" _is "${_is}")
        string(APPEND _defs ";TUNE_AXIS_${_axis}=${_mine}${_is}")
        if(_axis STREQUAL "ISA")
          set(_flags "${_isa_flags_${_mine}}")
        endif()
      else()
        string(APPEND _defs "${_is_${_axis}}")
      endif()
    endforeach()
    # A generator's proposal may bring flags of its own (cmake/tune/Generator.cmake checks them).
    list(APPEND _flags ${${rows}_EXTRA_FLAGS_${_suffix}})

    if(_suffix STREQUAL "reference" AND NOT "${reference_sources}" STREQUAL "")
      set(_row_sources "${reference_sources}")
      set(_linkage "${_reference_linkage}")
    else()
      set(_row_sources "${sources}")
      set(_linkage "${_sources_linkage}")
    endif()
    # The reference and the fallback chain must build; any other row may fail and is left out.
    set(_critical "")
    if(_suffix STREQUAL _reference)
      set(_critical reference)
    elseif(_suffix IN_LIST _chain)
      set(_critical fallback)
    endif()
    if(_critical)
      list(APPEND _critical_rows "${_suffix}")
    endif()
    # A searched family builds its reference and fallback chain and declares them alone: the tool
    # makes every other row's record from the axes and rules (tuner/manifest/manifest.h,
    # family_decl::row), compiles the rows its search visits and lists them for the bench in the
    # search archive (tune/Search.cmake).
    if(_searched AND NOT _critical)
      continue()
    endif()
    _tune_add_row_object()

    set(_requires "${_req_${_suffix}}")
    _tune_row_record(_record "${_sep}" "${_suffix}" "${_spec}" "${_requires}" "${_flags}" "${_defs}" "${_linkage}"
      "${_rows_dir}/${_entry}")
    set(_sep ",")
    _tune_text_add(_records _record)
    if(_requires STREQUAL "")
      set(_requires "-")
    endif()
    list(APPEND _row_requires "${_requires}")
    list(APPEND _row_linkages "${_linkage}")
    list(APPEND _declared "${_suffix}")
  endforeach()
  _tune_isolate_batch()
  _tune_text_done(_records)
  _tune_text_done(_isolated)
  _tune_text_done(_relocated_copies)

  # The relocated copies after every row: the bench pulls archive members in this order, so each
  # copy lands a whole grid away from its row.
  set_source_files_properties(${_isolated} ${_relocated_copies} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
  add_library(tune_rows_${name} STATIC ${_isolated} ${_relocated_copies})
  set_target_properties(tune_rows_${name} PROPERTIES LINKER_LANGUAGE CXX FOLDER "cmake-tune/rows")
  target_link_libraries(tune_rows_${name} INTERFACE ${link})
  # Fortran rows call their compiler's runtime: the bench and every program that links the rows
  # link it too.
  _tune_fortran_sources(_fortran_sources "${sources};${reference_sources}")
  if(_fortran_sources)
    _tune_fortran_runtime(_fortran_libs _fortran_dirs)
    target_link_libraries(tune_rows_${name} INTERFACE ${_fortran_libs})
    target_link_directories(tune_rows_${name} INTERFACE ${_fortran_dirs})
  endif()
  if(_searched)
    _tune_search_archive("${name}" "${_rows_dir}" _archive)
    add_dependencies(tune_rows_${name} tune_search_${name})
    target_link_libraries(tune_rows_${name} INTERFACE "${_archive}")
    _tune_family_set("${name}" SEARCH_ARCHIVE "${_archive}")
    _tune_keep_search_space("${name}" ${rows})
  endif()

  _tune_family_set("${name}" ROWS "${_declared}")
  _tune_family_set("${name}" REFERENCE "${_reference}")
  _tune_family_set("${name}" ROWS_DIR "${_rows_dir}")
  _tune_family_set("${name}" ROW_REQUIRES "${_row_requires}")
  _tune_family_set("${name}" ROW_LINKAGES "${_row_linkages}")
  _tune_family_set("${name}" CRITICAL_ROWS "${_critical_rows}")
  _tune_family_set("${name}" ROW_RECORDS "${_records}")
endfunction()
