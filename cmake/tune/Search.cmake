# Searched spaces (docs/cmake-api.md "Searched spaces", docs/design/spaces.md): a family whose grid
# is too large to compile whole races the rows a search proposes. Its reference and FALLBACK chain
# build like any family's rows; every other row is data in the manifest, compiled by the tool from
# the reference's own compile (tune/compile-row.cmake records it) when the search proposes it, and
# linked into the bench and the program through the family's search archive.

# A grid larger than this is searched when SEARCH is not given: 512 rows compile in a few minutes
# on two cores, and the search's default budget is never less than this (docs/cmake-api.md).
set(_TUNE_SEARCH_THRESHOLD 512)

# _tune_is_searched(<out> <family>): TRUE when the family races the rows a search proposes
# (SEARCH random or auto, given or chosen by _tune_search_settings), FALSE when every row is built.
function(_tune_is_searched out family)
  _tune_family_get(_search "${family}" SEARCH)
  if(_search MATCHES "^(random|auto)$")
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

# _tune_space_searched(<out> <rows> <search> <has_generator>): TRUE when an AXES family with the
# record <rows> (axes and values, no rows yet: _tune_parse_axes) is searched, so that configure
# declares the points its build needs and no other (_tune_declare_search_points): SEARCH random or
# auto, or no SEARCH and more points than _TUNE_SEARCH_THRESHOLD before EXCLUDE and CONSTRAINTS
# (counting what they leave would take every point).
function(_tune_space_searched out rows search has_generator)
  _tune_axes_product(_points ${rows})
  set(${out} FALSE PARENT_SCOPE)
  if(NOT has_generator AND (search MATCHES "^(random|auto)$" OR ("${search}" STREQUAL ""
      AND _points GREATER _TUNE_SEARCH_THRESHOLD)))
    set(${out} TRUE PARENT_SCOPE)
  endif()
endfunction()

# _tune_declare_rows(<fn> <out> <axes> <permutations> <search> <has_generator> <reference>
#   <reference_sources> <chain> <excludes>): the row record <out> of a family declared with AXES
# <axes> or PERMUTATIONS <permutations>: every point of a grid raced whole or of the permutations,
# and of a searched space (_tune_space_searched) the rows its build compiles alone
# (_tune_declare_search_points).
function(_tune_declare_rows fn out axes permutations search has_generator reference reference_sources chain excludes)
  if(NOT "${axes}" STREQUAL "")
    _tune_parse_axes("${fn}" ${out} "${axes}")
    _tune_space_searched(_searched ${out} "${search}" ${has_generator})
    if(_searched)
      _tune_declare_search_points("${fn}" ${out} "${reference}" "${reference_sources}" "${chain}" "${excludes}")
      set(${out}_SPACE_POINTS ${${out}_SPACE_POINTS} PARENT_SCOPE)
    else()
      _tune_expand_axes("${fn}" ${out} "${axes}")
    endif()
  else()
    _tune_expand_permutations("${fn}" ${out} "${permutations}")
  endif()
  _tune_load_rows(${out})
  _tune_return_rows(${out})
endfunction()

# _tune_spec_of_suffix(<out> <rows> <suffix>): the point "AXIS=v,..." of the record <rows>'s axes
# whose suffix is <suffix> (_tune_row_suffix's inverse), or "" when none is. Each axis takes the
# first value whose part is there; the whole is checked by naming the point again.
function(_tune_spec_of_suffix out rows suffix)
  set(${out} "" PARENT_SCOPE)
  set(_rest "${suffix}")
  set(_spec "")
  foreach(_axis IN LISTS ${rows}_AXES)
    set(_found FALSE)
    foreach(_value IN LISTS ${rows}_VALUES_${_axis})
      if(_axis STREQUAL "ISA")
        string(TOLOWER "${_value}" _part)
      else()
        string(TOLOWER "${_axis}${_value}" _part)
      endif()
      string(LENGTH "${_part}" _n)
      string(LENGTH "${_rest}" _left)
      if(_n GREATER _left)
        continue()
      endif()
      string(SUBSTRING "${_rest}" 0 ${_n} _head)
      set(_next "")
      set(_after "")
      if(_n LESS _left)
        string(SUBSTRING "${_rest}" ${_n} 1 _next)
        math(EXPR _from "${_n} + 1")
        string(SUBSTRING "${_rest}" ${_from} -1 _after)
      endif()
      if(_head STREQUAL _part AND (_next STREQUAL "_" OR _next STREQUAL ""))
        list(APPEND _spec "${_axis}=${_value}")
        set(_rest "${_after}")
        set(_found TRUE)
        break()
      endif()
    endforeach()
    if(NOT _found)
      return()
    endif()
  endforeach()
  string(REPLACE ";" "," _spec "${_spec}")
  _tune_row_suffix(_again "${_spec}")
  if(_again STREQUAL suffix)
    set(${out} "${_spec}" PARENT_SCOPE)
  endif()
endfunction()

# _tune_declare_search_points(<fn> <rows> <reference> <reference_sources> <chain> <excludes>)
# Gives the record <rows> (axes and values: _tune_parse_axes) of a searched family the rows its
# build compiles: the reference (REFERENCE, which must name every axis, or the first value of
# each; none with REFERENCE_SOURCES) and each row of the FALLBACK chain <chain>, read back from its
# suffix. Every other point is the tool's to enumerate (tuner/search/rules.h), so configure costs
# the axes' values, not their product; the checks that need a point each are made here on these
# rows, and the tool makes them on the rest (EXCLUDE <excludes> and CONSTRAINTS still apply to
# these rows through the functions every family goes through).
function(_tune_declare_search_points fn rows reference reference_sources chain excludes)
  _tune_load_rows(${rows})
  _tune_axes_product(_points ${rows})
  if(_points GREATER _TUNE_MAX_SPACE_POINTS)
    message(FATAL_ERROR "${fn}: AXES make more than ${_TUNE_MAX_SPACE_POINTS} points, the most a searched space may "
      "have (the tool holds every point while it searches); take values out of an axis, or split the family.")
  endif()
  # Two values of an axis equal but for case would give two points one suffix.
  foreach(_axis IN LISTS _axes)
    foreach(_value IN LISTS _values_${_axis})
      string(TOLOWER "${_value}" _lower)
      if(DEFINED _seen_${_axis}_${_lower})
        message(FATAL_ERROR "${fn}: duplicate suffix: values '${_seen_${_axis}_${_lower}}' and '${_value}' of axis "
          "${_axis} differ only in case; suffixes are lower-case, so make the values differ in more than case.")
      endif()
      set(_seen_${_axis}_${_lower} "${_value}")
    endforeach()
  endforeach()
  set(_specs "")
  if(NOT "${reference_sources}" STREQUAL "")
    set(_others "${chain}")
    list(REMOVE_ITEM _others reference)
    if(NOT _others)
      message(FATAL_ERROR "${fn}: a searched family compiles the rows it visits like a row of SOURCES, and "
        "this family's reference has REFERENCE_SOURCES and its FALLBACK chain names no other row; add a row of "
        "the grid to FALLBACK, or write SEARCH exhaustive.")
    endif()
  else()
    set(_spec "")
    foreach(_axis IN LISTS _axes)
      if("${reference}" STREQUAL "")
        list(GET _values_${_axis} 0 _v)
      elseif("${reference}" MATCHES "(^|,)${_axis}=([^,]*)")
        set(_v "${CMAKE_MATCH_2}")
      else()
        _tune_check_pattern("${fn}" REFERENCE "${reference}" ${rows})
        string(REPLACE ";" ", " _names "${_axes}")
        message(FATAL_ERROR "${fn}: REFERENCE \"${reference}\" does not name axis ${_axis}; the family's space is "
          "searched and its points are not listed, so name every axis of the reference row (${_names}).")
      endif()
      list(APPEND _spec "${_axis}=${_v}")
    endforeach()
    string(REPLACE ";" "," _spec "${_spec}")
    if(NOT "${reference}" STREQUAL "")
      _tune_check_pattern("${fn}" REFERENCE "${reference}" ${rows})
    endif()
    foreach(_pattern IN LISTS excludes)
      _tune_spec_matches(_match "${_spec}" "${_pattern}")
      if(_match)
        message(FATAL_ERROR "${fn}: the reference row \"${_spec}\" is excluded by EXCLUDE \"${_pattern}\"; the row that "
          "defines correct output must be in the family's space. Name another with REFERENCE \"AXIS=v,...\".")
      endif()
    endforeach()
    list(APPEND _specs "${_spec}")
  endif()
  foreach(_suffix IN LISTS chain)
    if(_suffix STREQUAL "reference" AND NOT "${reference_sources}" STREQUAL "")
      continue()
    endif()
    _tune_spec_of_suffix(_spec ${rows} "${_suffix}")
    if(_spec STREQUAL "")
      string(REPLACE ";" ", " _names "${_axes}")
      message(FATAL_ERROR "${fn}: FALLBACK names '${_suffix}', which is no point of the family's space (axes: "
        "${_names}); a row's suffix is each axis's name and value in lower case, joined by '_' (an ISA value alone).")
    endif()
    foreach(_pattern IN LISTS excludes)
      _tune_spec_matches(_match "${_spec}" "${_pattern}")
      if(_match)
        message(FATAL_ERROR "${fn}: FALLBACK names row ${_suffix} (\"${_spec}\"), which EXCLUDE \"${_pattern}\" drops; "
          "the fallback must be a row of the family's space. Name another row, or change the pattern.")
      endif()
    endforeach()
    if(NOT _spec IN_LIST _specs)
      list(APPEND _specs "${_spec}")
    endif()
  endforeach()
  _tune_name_specs("${fn}")
  _tune_return_rows(${rows})
  set(${rows}_SPACE_POINTS ${_points} PARENT_SCOPE)
endfunction()

# _tune_search_settings(<fn> <family> <rows> <grid> <search> <budget_rows> <budget_seconds> <seed>)
# Checks SEARCH, BUDGET_ROWS, BUDGET_SECONDS and SEED (each "" when not given) against the family's
# rows (the record <rows>, constraints applied) and keeps on the family: SEARCH (exhaustive, random
# or auto), SEARCH_SEED, SEARCH_BUDGET_ROWS and SEARCH_BUDGET_SECONDS (0 for none).
function(_tune_search_settings fn family rows grid search budget_rows budget_seconds seed)
  list(LENGTH ${rows}_SUFFIXES _size)
  # A searched space whose points configure does not list (_tune_declare_search_points): its size
  # before EXCLUDE and CONSTRAINTS; the tool counts what they leave.
  set(_listed TRUE)
  if(DEFINED ${rows}_SPACE_POINTS)
    set(_size ${${rows}_SPACE_POINTS})
    set(_listed FALSE)
  endif()
  if(NOT search STREQUAL "" AND NOT search MATCHES "^(exhaustive|random|auto)$")
    message(FATAL_ERROR "${fn}: SEARCH '${search}' is not a strategy; write SEARCH exhaustive (race every row), "
      "SEARCH random or SEARCH auto (race the rows a search proposes), or leave SEARCH out.")
  endif()
  if(NOT budget_rows STREQUAL "" AND NOT budget_rows MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "${fn}: BUDGET_ROWS '${budget_rows}' is not a number of rows; write e.g. BUDGET_ROWS 400.")
  endif()
  if(NOT budget_seconds STREQUAL "" AND NOT budget_seconds MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "${fn}: BUDGET_SECONDS '${budget_seconds}' is not a whole number of seconds; "
      "write e.g. BUDGET_SECONDS 600.")
  endif()
  if(NOT seed STREQUAL "" AND NOT seed MATCHES "^[0-9]+$")
    message(FATAL_ERROR "${fn}: SEED '${seed}' is not a whole number; write e.g. SEED 1.")
  endif()
  if(search STREQUAL "")
    if(_size GREATER _TUNE_SEARCH_THRESHOLD AND grid)
      set(search auto)
    else()
      set(search exhaustive)
    endif()
  endif()
  if(search STREQUAL "exhaustive")
    foreach(_kw BUDGET_ROWS BUDGET_SECONDS SEED)
      string(TOLOWER "${_kw}" _var)
      if(NOT "${${_var}}" STREQUAL "")
        message(FATAL_ERROR "${fn}: ${_kw} is given, but the family races every one of its ${_size} rows "
          "(SEARCH exhaustive, or a space of at most ${_TUNE_SEARCH_THRESHOLD} rows without SEARCH); "
          "write SEARCH auto (or random) to search it, or leave ${_kw} out.")
      endif()
    endforeach()
    _tune_family_set("${family}" SEARCH exhaustive)
    return()
  endif()
  if(NOT grid)
    message(FATAL_ERROR "${fn}: SEARCH ${search} searches the AXES grid, and the family lists PERMUTATIONS; "
      "declare the space with AXES (and CONSTRAINTS), or write SEARCH exhaustive.")
  endif()
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "^(GNU|Clang)$" OR (CMAKE_C_COMPILER_ID AND NOT CMAKE_C_COMPILER_ID MATCHES
      "^(GNU|Clang)$"))
    message(FATAL_ERROR "${fn}: SEARCH ${search} compiles the rows it visits from the reference row's compile, "
      "which cmake-tune knows how to vary for GCC and Clang; this build uses ${CMAKE_CXX_COMPILER_ID}. "
      "Write SEARCH exhaustive.")
  endif()
  get_property(_multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(_multi OR NOT CMAKE_GENERATOR MATCHES "^(Ninja|Unix Makefiles)$")
    message(FATAL_ERROR "${fn}: SEARCH ${search} needs the Ninja or Unix Makefiles generator (one configuration "
      "per build tree); this build uses '${CMAKE_GENERATOR}'. Use -G Ninja, or write SEARCH exhaustive.")
  endif()
  if(seed STREQUAL "")
    set(seed 1)
  endif()
  # The default budget: a twentieth of the space, and never fewer rows than an exhaustive family
  # would race without SEARCH. Of a space configure does not list, the tool works it out from the
  # points it counts (0 here: tuner/mint/search_scope.h search_budget).
  if(NOT _listed)
    if(budget_rows STREQUAL "" AND budget_seconds STREQUAL "")
      set(budget_rows 0)
    elseif(budget_rows STREQUAL "")
      set(budget_rows ${_size})
    endif()
    if(budget_rows GREATER _size)
      set(budget_rows ${_size})
    endif()
  elseif(budget_rows STREQUAL "" AND budget_seconds STREQUAL "")
    math(EXPR budget_rows "${_size} / 20")
    if(budget_rows LESS _TUNE_SEARCH_THRESHOLD)
      set(budget_rows ${_TUNE_SEARCH_THRESHOLD})
    endif()
  endif()
  if(_listed AND (budget_rows STREQUAL "" OR budget_rows GREATER _size))
    set(budget_rows ${_size})
  endif()
  if(budget_seconds STREQUAL "")
    set(budget_seconds 0)
  endif()
  _tune_family_set("${family}" SEARCH "${search}")
  _tune_family_set("${family}" SEARCH_SEED "${seed}")
  _tune_family_set("${family}" SEARCH_BUDGET_ROWS "${budget_rows}")
  _tune_family_set("${family}" SEARCH_BUDGET_SECONDS "${budget_seconds}")
endfunction()

# _tune_search_archive(<family> <rows_dir> <archive_var>)
# The family's search archive: the rows the tool compiled for it (tuner/mint/search_rows.h), empty
# until a search visits any. The bench links it whole (tune/link-bench.cmake) and everything that
# links tune_rows_<family> links it too, so a program pulls the one row its stamp calls.
function(_tune_search_archive family rows_dir archive_var)
  set(_archive "${rows_dir}/libtune_search_${family}.a")
  # Created empty when missing, never rewritten by the build: only a mint changes what it holds.
  add_custom_command(OUTPUT "${_archive}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${rows_dir}"
    COMMAND "${CMAKE_AR}" qc "${_archive}"
    COMMENT "Creating the search archive of kernel family ${family}"
    VERBATIM)
  add_custom_target(tune_search_${family} DEPENDS "${_archive}")
  set_target_properties(tune_search_${family} PROPERTIES FOLDER "cmake-tune/rows")
  set(${archive_var} "${_archive}" PARENT_SCOPE)
endfunction()

# _tune_search_json(<out> <family>)
# The manifest's "search" member of a searched family (tuner/manifest/manifest.h, search_decl), or
# "null" for one that races every row.
function(_tune_search_json out family)
  foreach(_key SEARCH SEARCH_SEED SEARCH_BUDGET_ROWS SEARCH_BUDGET_SECONDS SEARCH_ARCHIVE SEARCH_AXES SEARCH_TEMPLATE_ROW
      EXCLUDE CONSTRAINTS)
    _tune_family_get(_${_key} "${family}" ${_key})
  endforeach()
  if(NOT _SEARCH OR _SEARCH STREQUAL "exhaustive")
    set(${out} "null" PARENT_SCOPE)
    return()
  endif()
  set(_axes "")
  foreach(_axis IN LISTS _SEARCH_AXES)
    get_property(_values TARGET tune_family_${family} PROPERTY TUNE_SEARCH_VALUES_${_axis})
    _tune_json_array(_q ${_values})
    list(APPEND _axes "{\"name\": \"${_axis}\", \"values\": ${_q}}")
  endforeach()
  list(JOIN _axes ", " _axes)
  # The rules that cut the axes' product (tuner/search/rules.h): EXCLUDE as written, and each
  # constraint with its parsed form.
  _tune_json_array(_exclude ${_EXCLUDE})
  set(_constraints "")
  set(_k 0)
  foreach(_text IN LISTS _CONSTRAINTS)
    get_property(_rpn TARGET tune_family_${family} PROPERTY TUNE_SEARCH_RPN_${_k})
    _tune_json_quote(_q_text "${_text}")
    _tune_json_array(_q_rpn ${_rpn})
    list(APPEND _constraints "{\"text\": ${_q_text}, \"rpn\": ${_q_rpn}}")
    math(EXPR _k "${_k} + 1")
  endforeach()
  list(JOIN _constraints ", " _constraints)
  set(_isa "")
  if("ISA" IN_LIST _SEARCH_AXES)
    get_property(_values TARGET tune_family_${family} PROPERTY TUNE_SEARCH_VALUES_ISA)
    foreach(_value IN LISTS _values)
      get_property(_flags TARGET tune_family_${family} PROPERTY TUNE_SEARCH_ISA_FLAGS_${_value})
      get_property(_requires TARGET tune_family_${family} PROPERTY TUNE_SEARCH_ISA_REQUIRES_${_value})
      _tune_json_array(_q_flags ${_flags})
      _tune_json_quote(_q_requires "${_requires}")
      list(APPEND _isa "{\"value\": \"${_value}\", \"flags\": ${_q_flags}, \"requires\": ${_q_requires}}")
    endforeach()
  endif()
  list(JOIN _isa ", " _isa)
  # The instruction check of aarch64 rows (tune/Rows.cmake): the rows the tool compiles get it too.
  set(_objdump "")
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$" AND CMAKE_OBJDUMP)
    set(_objdump "${CMAKE_OBJDUMP}")
  endif()
  foreach(_tool CMAKE_COMMAND CMAKE_AR CMAKE_LINKER CMAKE_OBJCOPY _TUNE_MODULE_DIR _SEARCH_ARCHIVE _objdump)
    _tune_json_quote(_q_${_tool} "${${_tool}}")
  endforeach()
  _tune_json_quote(_q_template "$<TARGET_OBJECTS:tune_obj_${family}__${_SEARCH_TEMPLATE_ROW}>")
  set(${out} "{\"strategy\": \"${_SEARCH}\", \"seed\": ${_SEARCH_SEED}, \"budget_rows\": ${_SEARCH_BUDGET_ROWS}, \
\"budget_seconds\": ${_SEARCH_BUDGET_SECONDS}, \"axes\": [${_axes}], \"exclude\": ${_exclude}, \"constraints\": [${_constraints}], \"isa\": [${_isa}], \"archive\": ${_q__SEARCH_ARCHIVE}, \
\"template_row\": \"${_SEARCH_TEMPLATE_ROW}\", \"template_objects\": ${_q_template}, \"cmake\": ${_q_CMAKE_COMMAND}, \"module_dir\": ${_q__TUNE_MODULE_DIR}, \
\"ar\": ${_q_CMAKE_AR}, \"linker\": ${_q_CMAKE_LINKER}, \"objcopy\": ${_q_CMAKE_OBJCOPY}, \
\"objdump\": ${_q__objdump}}" PARENT_SCOPE)
endfunction()
