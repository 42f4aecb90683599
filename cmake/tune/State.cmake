# Where the module keeps what a declaration said: on targets, the way Corrosion keeps its state
# (INTERFACE_CORROSION_* properties), so it can be inspected per target and each function is
# handed a name, not a global.
#
#   tune_scope_<scope>    INTERFACE library of each scope (tune_scope): TUNE_VERSION, TUNE_DEFAULTS,
#                         TUNE_BUDGET, TUNE_NAMESPACE, TUNE_FAMILIES.
#   tune_family_<family>  INTERFACE library of each family (tune_kernel_family): the TUNE_*
#                         properties declared below. Rows are data on it: TUNE_ROWS (the suffixes,
#                         in grid order), TUNE_ROW_REQUIRES and TUNE_ROW_LINKAGES (one entry per
#                         row, the same order; an empty requires= is "-"), TUNE_CRITICAL_ROWS and
#                         TUNE_ROW_RECORDS (each row as the manifest's JSON, joined with commas).
#
# What is left global, each behind its getter or setter: the declared names in order
# (_TUNE_SCOPES, _TUNE_FAMILIES), the ISA registry (tune/Isa.cmake), the plan knobs
# (TunePlan.cmake) and the module's load guard (Tune.cmake).

foreach(_tune_key SCOPE WHERE SIGNATURE TOLERANCE TIMEOUT FALLBACK SOURCES FIXTURE INCLUDES LINK DIR COMPANIONS
    SHAPES HAS_ISA ROWS REFERENCE ROWS_DIR ROW_REQUIRES ROW_LINKAGES CRITICAL_ROWS ROW_RECORDS REGISTRY
    FIXTURE_IDENTITY GENERATOR_TRIGGER GENERATOR_CONFIG EXPORTED_BY THREADS SEARCH SEARCH_SEED SEARCH_BUDGET_ROWS
    SEARCH_BUDGET_SECONDS SEARCH_ARCHIVE SEARCH_AXES SEARCH_TEMPLATE_ROW FORTRAN_CALLERS EXCLUDE CONSTRAINTS)
  define_property(TARGET PROPERTY TUNE_${_tune_key}
    BRIEF_DOCS "cmake-tune: a kernel family's ${_tune_key}"
    FULL_DOCS "Set by tune_kernel_family on tune_family_<family> (cmake/tune/State.cmake).")
endforeach()
foreach(_tune_key VERSION DEFAULTS BUDGET NAMESPACE FAMILIES)
  define_property(TARGET PROPERTY TUNE_${_tune_key}
    BRIEF_DOCS "cmake-tune: a scope's ${_tune_key}"
    FULL_DOCS "Set by tune_scope on tune_scope_<scope> (cmake/tune/State.cmake).")
endforeach()

# The target that holds family `family`'s state; `out` is empty when no such family is declared.
function(_tune_family_target out family)
  if(TARGET tune_family_${family})
    set(${out} tune_family_${family} PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()

function(_tune_family_set family key)
  set_property(TARGET tune_family_${family} PROPERTY TUNE_${key} "${ARGN}")
endfunction()

function(_tune_family_append family key)
  set_property(TARGET tune_family_${family} APPEND PROPERTY TUNE_${key} "${ARGN}")
endfunction()

function(_tune_family_get out family key)
  get_property(_value TARGET tune_family_${family} PROPERTY TUNE_${key})
  set(${out} "${_value}" PARENT_SCOPE)
endfunction()

function(_tune_scope_set scope key)
  set_property(TARGET tune_scope_${scope} PROPERTY TUNE_${key} "${ARGN}")
endfunction()

function(_tune_scope_append scope key)
  set_property(TARGET tune_scope_${scope} APPEND PROPERTY TUNE_${key} "${ARGN}")
endfunction()

function(_tune_scope_get out scope key)
  get_property(_value TARGET tune_scope_${scope} PROPERTY TUNE_${key})
  set(${out} "${_value}" PARENT_SCOPE)
endfunction()

# The declared scopes and families, in declaration order.
function(_tune_declared out what)
  if(what STREQUAL "SCOPES")
    get_property(_names GLOBAL PROPERTY _TUNE_SCOPES)
  else()
    get_property(_names GLOBAL PROPERTY _TUNE_FAMILIES)
  endif()
  set(${out} "${_names}" PARENT_SCOPE)
endfunction()

# The family whose companion `name` is, or empty.
function(_tune_companion_owner out name)
  _tune_declared(_families FAMILIES)
  foreach(_family IN LISTS _families)
    _tune_family_get(_companions "${_family}" COMPANIONS)
    if(name IN_LIST _companions)
      set(${out} "${_family}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()
