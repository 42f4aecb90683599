# The bench registry of one family: the fixture, every row's declaration (from SIGNATURE) and
# tables the harness drives. Generated at configure time and rewritten only when it changes.
# Table 0 holds the family's rows; each companion with the family's signature gets a table of its
# own row symbols after it, driven by the family's fixture, so the race can time it across the same
# grid; any other companion is listed with its signature and follows the family untimed. Each row
# is listed with its relocated copies (tuner/isolate/isolate.h), which only the validation re-race times.
#
# Every row symbol is declared weak: a row whose object did not build (it failed to compile, to
# isolate or to link, and the build left it out: tune/compile-row.cmake, tune/link-bench.cmake) is
# a null entry the harness reports, not an undefined symbol that fails the bench's link. The bench
# links the rows' archives whole, so weak references still pull every row in. C rows are declared
# extern "C" (_tune_row_linkage).
#
# Reads the family's state (tune/State.cmake), rows included: call it after _tune_add_row_objects.
# Linear in the rows: the row texts are gathered with _tune_text_add (tune/Rows.cmake).

function(_tune_write_registry name fixture ret params)
  foreach(_key SCOPE TOLERANCE FALLBACK COMPANIONS TIMEOUT THREADS ROWS REFERENCE SHAPES ROW_REQUIRES ROW_LINKAGES)
    string(TOLOWER "${_key}" _var)
    _tune_family_get(_${_var} "${name}" ${_key})
  endforeach()
  set(_suffixes "${_rows}")
  if(_timeout STREQUAL "")
    set(_timeout 0)
  endif()
  # A searched family's registry lists its reference and FALLBACK chain; the rows its search built
  # come from the table the tool archives with them (tune/bench/registry.h search_rows).
  _tune_is_searched(_is_searched "${name}")
  # family_info::threads (tune/bench/registry.h): 0 for all.
  set(_pool "${_threads}")
  if(_pool STREQUAL "all")
    set(_pool 0)
  endif()
  # Each timed function: the family's, then every companion with its signature, each a table.
  set(_timed "${name}")
  set(_companion_list "")
  set(_table 0)
  foreach(_companion IN LISTS _companions)
    get_property(_signature TARGET tune_family_${name} PROPERTY TUNE_COMPANION_SIGNATURE_${_companion})
    _tune_parse_signature("_tune_write_registry(${name}): COMPANIONS ${_companion}" "${_signature}" _cret _cparams)
    set(_companion_table 0)
    if("${_cret}(${_cparams})" STREQUAL "${ret}(${params})")
      list(APPEND _timed "${_companion}")
      math(EXPR _table "${_table} + 1")
      set(_companion_table ${_table})
    endif()
    string(APPEND _companion_list "\n     {\"${_companion}\", R\"tune(${_signature})tune\", ${_companion_table}},")
  endforeach()

  _tune_relocated_copies(_placements)
  set(_decls "")
  set(_tables "")
  set(_table_names "")
  foreach(_function IN LISTS _timed)
    set(_table "")
    foreach(_suffix _linkage _requires IN ZIP_LISTS _suffixes _row_linkages _row_requires)
      set(_extern "")
      if(_linkage STREQUAL "C")
        set(_extern "extern \"C\" ")
      endif()
      if(_requires STREQUAL "-")
        set(_requires "")
      endif()
      if(_suffix STREQUAL _reference)
        set(_is_reference true)
      else()
        set(_is_reference false)
      endif()
      set(_decl "${_extern}${ret} ${_function}__${_suffix}(${params}) __attribute__((weak));\n")
      set(_copies "")
      foreach(_k RANGE 1 ${_placements})
        string(APPEND _decl "${_extern}${ret} tune_relocated${_k}__${_function}__${_suffix}(${params}) __attribute__((weak));\n")
        list(APPEND _copies "&tune_relocated${_k}__${_function}__${_suffix}")
      endforeach()
      _tune_text_add(_decls _decl)
      string(REPLACE ";" ", " _copies "${_copies}")
      set(_line "  {\"${_suffix}\", &${_function}__${_suffix}, {{${_copies}}}, \"${_requires}\", \
${_is_reference}, TUNE_ROWS_DIR_${name} \"/${name}__${_suffix}\"},\n")
      _tune_text_add(_table _line)
    endforeach()
    _tune_text_done(_table)
    if(_function STREQUAL name)
      set(_rows "tune_rows")
    else()
      set(_rows "tune_rows_${_function}")
    endif()
    string(APPEND _tables "const ::tune::bench::row_entry<TUNE_SIGNATURE_${name}> ${_rows}[] = {
${_table}};

")
    if(_is_searched)
      # The rows its search built, listed by the tool in the search archive (registry.h search_rows).
      set(_decl "extern \"C\" const ::tune::bench::search_rows tune_search_rows__${_function} __attribute__((weak));\n")
      _tune_text_add(_decls _decl)
      list(APPEND _table_names "::tune::bench::table_of(${_rows}, &tune_search_rows__${_function}, &tune_search_rows__${name})")
    else()
      list(APPEND _table_names "::tune::bench::table_of(${_rows})")
    endif()
  endforeach()
  string(REPLACE ";" ", " _table_names "${_table_names}")
  _tune_text_done(_decls)
  set(_chain "")
  foreach(_suffix IN LISTS _fallback)
    list(APPEND _chain "\"${_suffix}\"")
  endforeach()
  string(REPLACE ";" ", " _chain "${_chain}")

  # One registered family per seat: the family itself, or each of its shapes as <family>@<shape>, whose
  # fixture runs with fx.shape() naming it (tune/Shapes.cmake).
  set(_seats "${name}")
  set(_seat_shapes "")
  if(_shapes)
    set(_seats "")
    foreach(_shape IN LISTS _shapes)
      list(APPEND _seats "${name}@${_shape}")
    endforeach()
    set(_seat_shapes "${_shapes}")
  else()
    set(_seat_shapes "-")
  endif()
  set(_rows_of "::tune::bench::rows_of(tune_rows)")
  if(_is_searched)
    set(_rows_of "::tune::bench::rows_of(tune_rows, &tune_search_rows__${name})")
  endif()
  set(_registrars "")
  set(_k 0)
  foreach(_seat IN LISTS _seats)
    list(GET _seat_shapes ${_k} _shape)
    if(_shape STREQUAL "-")
      set(_shape "")
    endif()
    string(APPEND _registrars "std::unique_ptr<::tune::bench::family_driver> tune_make_driver${_k}() {
  return ::tune::bench::make_driver(&tune_fixture__${name}, {${_table_names}}, \"${_seat}\", \"${_shape}\");
}

const ::tune::bench::registrar tune_registered${_k}{::tune::bench::family_info{
    \"${_seat}\", \"${_tolerance}\", {${_chain}}, ${_rows_of}, &tune_make_driver${_k},
    {${_companion_list}}, ${_timeout}, ${_pool}}};

")
    math(EXPR _k "${_k} + 1")
  endforeach()

  set(_content "// generated by cmake-tune: the bench registry of kernel family ${name}. Do not edit.
#define TUNE_SIGNATURE_${name} ${ret}(${params})
#include \"${fixture}\"
#include <tune/bench/registry.h>

static_assert(::tune::bench::relocated_copies == ${_placements},
  \"cmake-tune: this registry lists ${_placements} relocated copies of each row, tune/bench/registry.h expects another \"
  \"number: the module and the tool come from different versions of cmake-tune\");

// TUNE_ROWS_DIR_${name}: where the build records why a row of the family did not build (the bench's
// compile definitions give it, per configuration).
${_decls}
namespace {
${_tables}${_registrars}}  // namespace
")
  set(_file "${CMAKE_BINARY_DIR}/tune/${_scope}/registry/${name}.cpp")
  file(CONFIGURE OUTPUT "${_file}" CONTENT "${_content}" @ONLY)
  _tune_family_set("${name}" REGISTRY "${_file}")

  _tune_write_fixture_identity("${name}" "${fixture}" "${ret}" "${params}" "${_companion_list}")
endfunction()

# _tune_write_fixture_identity(<name> <fixture> <ret> <params> <companion_list>): the fixture alone,
# compiled for its code identity and never linked: the registry's object also holds the rows'
# tables, which change with every row added, and the fixture's identity must not
# (tuner/mint/incremental.h; `tune mint --only-new` races a new row without the old ones). The
# family's own settings, which the registry holds too, are part of it as data: another tolerance,
# fallback chain, time limit, reference or companion must race the family again. <companion_list>
# is the registry's text of the companions.
function(_tune_write_fixture_identity name fixture ret params _companion_list)
  foreach(_key SCOPE TOLERANCE FALLBACK COMPANIONS TIMEOUT THREADS REFERENCE SEARCH)
    string(TOLOWER "${_key}" _var)
    _tune_family_get(_${_var} "${name}" ${_key})
  endforeach()
  if(_timeout STREQUAL "")
    set(_timeout 0)
  endif()
  string(REPLACE ";" "," _settings_fallback "${_fallback}")
  string(REPLACE ";" "," _settings_companions "${_companions}")
  # A searched family's strategy, seed and budgets too: another one searches again.
  set(_search_settings "")
  _tune_is_searched(_is_searched "${name}")
  if(_is_searched)
    set(_search_settings " search=${_search}")
    foreach(_key SEARCH_SEED SEARCH_BUDGET_ROWS SEARCH_BUDGET_SECONDS)
      _tune_family_get(_value "${name}" ${_key})
      string(APPEND _search_settings "/${_value}")
    endforeach()
  endif()
  set(_settings "tolerance=${_tolerance} fallback=${_settings_fallback} timeout=${_timeout} threads=${_threads} reference=${_reference}\
${_search_settings} companions=${_companion_list}${_settings_companions}")
  string(REPLACE "\\" "\\\\" _settings "${_settings}")
  string(REPLACE "\"" "\\\"" _settings "${_settings}")
  string(REPLACE "\n" " " _settings "${_settings}")
  set(_identity_file "${CMAKE_BINARY_DIR}/tune/${_scope}/registry/${name}_fixture.cpp")
  file(CONFIGURE OUTPUT "${_identity_file}" CONTENT "// generated by cmake-tune: the fixture of kernel family ${name}, \
compiled alone for its code identity, with the family's settings. Do not edit.
#define TUNE_SIGNATURE_${name} ${ret}(${params})
#include \"${fixture}\"

extern const char tune_family_settings__${name}[];
const char tune_family_settings__${name}[] = \"${_settings}\";
" @ONLY)
  _tune_family_set("${name}" FIXTURE_IDENTITY "${_identity_file}")
endfunction()
