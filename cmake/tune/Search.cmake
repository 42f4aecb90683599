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

# _tune_search_settings(<fn> <family> <rows> <grid> <search> <budget_rows> <budget_seconds> <seed>)
# Checks SEARCH, BUDGET_ROWS, BUDGET_SECONDS and SEED (each "" when not given) against the family's
# rows (the record <rows>, constraints applied) and keeps on the family: SEARCH (exhaustive, random
# or auto), SEARCH_SEED, SEARCH_BUDGET_ROWS and SEARCH_BUDGET_SECONDS (0 for none).
function(_tune_search_settings fn family rows grid search budget_rows budget_seconds seed)
  list(LENGTH ${rows}_SUFFIXES _size)
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
  # would race without SEARCH.
  if(budget_rows STREQUAL "" AND budget_seconds STREQUAL "")
    math(EXPR budget_rows "${_size} / 20")
    if(budget_rows LESS _TUNE_SEARCH_THRESHOLD)
      set(budget_rows ${_TUNE_SEARCH_THRESHOLD})
    endif()
  endif()
  if(budget_rows STREQUAL "" OR budget_rows GREATER _size)
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
