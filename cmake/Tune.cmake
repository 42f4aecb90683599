#[=======================================================================[.rst:
Tune
----

Empirical kernel tuning as part of an ordinary build. A project declares *kernel families*
(one kernel source, a grid of permutations); ``cmake --build . --target tune`` races every
permutation on this machine and stamps each family's winner onto its real function name.

Commands: :command:`tune_scope`, :command:`tune_kernel_family`, :command:`tune_isa`,
:command:`tune_link`, :command:`tune_install_sidecar`. Targets: ``tune``, ``tune-<scope>``, ``tune-test``,
``tune-status``, ``tune-report``, ``tune-profile-export``.
Cache variables: ``TUNE_POLICY``, ``TUNE_SIDECAR``, ``TUNE_RELEASE``, ``TUNE_QUICK``,
``TUNE_TARGET_CLASS``, ``TUNE_TARGET_RUNNER``, ``TUNE_DEBUG``. The full reference is docs/cmake-api.md.
#]=======================================================================]

# How the module works, in the order CMake runs it:
#
#   configure, each call    tune_scope / tune_kernel_family record the declaration on the
#                           scope's and family's targets (below); tune_kernel_family expands the rows
#                           (tune/Rows.cmake), adds one OBJECT library and one isolated object per
#                           row (`tune isolate`, tuner/isolate/isolate.h) and writes the family's bench registry
#                           (tune/Bench.cmake).
#   configure, at the end   _tune_finalize (tune/Finalize.cmake, deferred to the end of the top
#                           directory) re-checks global ISA flags, then per scope links the bench
#                           executable (tune/link-bench.cmake leaves out rows that do not link),
#                           writes the manifest (tune-manifest/1, what the `tune` tool reads) and
#                           adds the stamp step and the tune* targets.
#   build                   the stamp step runs `tune mint --when-needed`, which judges the sidecar
#                           and mints, adopts or falls back (tuner/mint/), then writes the stamp
#                           headers that tune_link's targets include.
#
# State: on each scope's and family's target, behind getters and setters (tune/State.cmake, which
# lists the properties and the few globals left).
# Everything else is passed as arguments; a function returns through output variables it is
# given the names of.

# A vendored copy next to an installed one must not redefine the commands silently.
get_property(_tune_loaded_from GLOBAL PROPERTY _TUNE_MODULE_FILE)
if(_tune_loaded_from)
  if(NOT _tune_loaded_from STREQUAL CMAKE_CURRENT_LIST_FILE)
    message(WARNING "cmake-tune is loaded twice: first from ${_tune_loaded_from}, now from "
      "${CMAKE_CURRENT_LIST_FILE}. The second load is ignored; remove one of them.")
  endif()
  return()
endif()
set_property(GLOBAL PROPERTY _TUNE_MODULE_FILE "${CMAKE_CURRENT_LIST_FILE}")
set(_TUNE_MODULE_DIR "${CMAKE_CURRENT_LIST_DIR}" CACHE INTERNAL "where cmake-tune's module lives")

include("${_TUNE_MODULE_DIR}/tune/State.cmake")
include("${_TUNE_MODULE_DIR}/tune/Features.cmake")
include("${_TUNE_MODULE_DIR}/tune/Isa.cmake")
include("${_TUNE_MODULE_DIR}/tune/Settings.cmake")
_tune_check_build_path()
_tune_check_target_runner()
include("${_TUNE_MODULE_DIR}/tune/Rows.cmake")
include("${_TUNE_MODULE_DIR}/tune/Constraints.cmake")
include("${_TUNE_MODULE_DIR}/tune/Search.cmake")
include("${_TUNE_MODULE_DIR}/tune/Shapes.cmake")
include("${_TUNE_MODULE_DIR}/tune/Bench.cmake")
include("${_TUNE_MODULE_DIR}/tune/Generator.cmake")
include("${_TUNE_MODULE_DIR}/tune/Finalize.cmake")
if(EXISTS "${_TUNE_MODULE_DIR}/TunePlan.cmake")
  include("${_TUNE_MODULE_DIR}/TunePlan.cmake")
endif()

#[=======================================================================[.rst:
.. command:: tune_scope

  Declares a group of kernel families that share a version pin, a defaults-profile folder and
  one bench executable::

    tune_scope(<scope> [VERSION <int>] [DEFAULTS <dir>] [BUDGET <seconds>] [NAMESPACE <ns>])

  ``VERSION``
    Version pin (default 1). Bumping it invalidates every box's measured winners for the scope.
  ``DEFAULTS``
    Folder of committed defaults profiles, ``<dir>/<class>.tune-defaults.json``.
  ``BUDGET``
    Wall-clock bound in seconds for one mint of the scope; a family that cannot start in the
    remaining time keeps its fallback and says ``budget``.
  ``NAMESPACE``
    C++ namespace of the generated forwarders (default: the global namespace).
#]=======================================================================]
function(tune_scope scope)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "VERSION;DEFAULTS;BUDGET;NAMESPACE" "")
  _tune_reject_unparsed(tune_scope "${scope}" "VERSION, DEFAULTS, BUDGET, NAMESPACE" "${arg_UNPARSED_ARGUMENTS}")
  _tune_check_identifier(tune_scope "scope name" "${scope}")
  _tune_declared(_scopes SCOPES)
  if(scope IN_LIST _scopes)
    message(FATAL_ERROR "tune_scope(${scope}): scope '${scope}' is already declared; "
      "declare each scope once and add families to it with tune_kernel_family(... SCOPE ${scope}).")
  endif()
  if(NOT DEFINED arg_VERSION)
    set(arg_VERSION 1)
  elseif(NOT arg_VERSION MATCHES "^[0-9]+$")
    message(FATAL_ERROR "tune_scope(${scope}): VERSION '${arg_VERSION}' is not a non-negative integer.")
  endif()
  if(DEFINED arg_BUDGET AND NOT arg_BUDGET MATCHES "^[0-9]+([.][0-9]+)?$")
    message(FATAL_ERROR "tune_scope(${scope}): BUDGET '${arg_BUDGET}' is not a number of seconds.")
  endif()
  if(DEFINED arg_NAMESPACE AND NOT arg_NAMESPACE MATCHES "^[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*$")
    message(FATAL_ERROR "tune_scope(${scope}): NAMESPACE '${arg_NAMESPACE}' is not a C++ namespace name (a::b).")
  endif()
  if(DEFINED arg_DEFAULTS)
    get_filename_component(arg_DEFAULTS "${arg_DEFAULTS}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  endif()

  set_property(GLOBAL APPEND PROPERTY _TUNE_SCOPES "${scope}")
  add_library(tune_scope_${scope} INTERFACE)
  _tune_scope_set("${scope}" VERSION "${arg_VERSION}")
  _tune_scope_set("${scope}" DEFAULTS "${arg_DEFAULTS}")
  _tune_scope_set("${scope}" BUDGET "${arg_BUDGET}")
  _tune_scope_set("${scope}" NAMESPACE "${arg_NAMESPACE}")
  _tune_schedule_finalize()
endfunction()

#[=======================================================================[.rst:
.. command:: tune_kernel_family

  Declares one tunable function and the grid of permutations it is compiled as::

    tune_kernel_family(<name>
      SCOPE <scope>
      SIGNATURE "<ret>(<params>)"
      SOURCES <file>...
      FIXTURE <file>
      AXES <AXIS> <value>... [<AXIS> <value>...]
        | PERMUTATIONS "<AXIS=v,...>[;suffix=<s>][;requires=<expr>]"...
      [EXCLUDE "<AXIS=v,...>"...]
      [CONSTRAINTS "<expr>"...]
      [REFERENCE "<AXIS=v,...>" | REFERENCE_SOURCES <file>...]
      FALLBACK "<suffix>[;<suffix>...]"
      [TOLERANCE exact | abs=<x> | rel=<x> | ulp=<n>]
      [COMPANIONS <function> ["<ret>(<params>)"]...]
      [SHAPES "<name>: <condition>"... "<name>[: <condition>]"]
      [TIMEOUT <seconds>]
      [GENERATOR <command> [<arg>...] [GENERATOR_TIMEOUT <seconds>]]
      [INCLUDES <dir>...] [LINK <target>...])

  ``SCOPE``
    A scope declared with :command:`tune_scope`.
  ``SIGNATURE``
    The function type with named parameters, e.g. ``"float(const float* a, const float* b, std::size_t n)"``.
    Each row defines ``TUNE_ENTRY`` with it; the bench registry and the stamp are generated from it.
  ``SOURCES``
    Kernel sources, compiled once per row with the row's macros (``tune/kernel.h``). C sources
    (``.c``) are compiled as C and their rows declared ``extern "C"``; the ``SIGNATURE`` must then
    be C. A row that does not compile, isolate or link is left out of the race and recorded with
    why, unless it is the reference or in the ``FALLBACK`` chain, which must build.
  ``FIXTURE``
    The fixture source: inputs, how to call a kernel, what to compare (``tune/fixture.h``).
  ``AXES``
    The grid as the cartesian product of axes. An axis name is upper case (``UNROLL``); the
    values that follow it, up to the next upper-case name, are C identifier fragments. ``ISA``
    is the built-in axis of compile-flag sets (:command:`tune_isa`).
  ``PERMUTATIONS``
    Explicit rows instead of a grid, each ``AXIS=v,...`` with optional ``suffix=`` and
    ``requires=`` parts separated by ``;``.
  ``EXCLUDE``
    Grid points to drop: every row whose values match all the given pairs.
  ``CONSTRAINTS``
    Boolean expressions over the axis names (``"UNROLL * TILE <= 16"``, ``"ISA != base || UNROLL <= 4"``):
    a grid keeps the points where all hold; a ``PERMUTATIONS`` row, the reference and the
    ``FALLBACK`` chain must satisfy them (tune/Constraints.cmake; docs/cmake-api.md, "Constraints").
  ``REFERENCE``
    The row whose output defines correct (default: the first value of each axis).
  ``REFERENCE_SOURCES``
    A separate reference implementation instead, raced as row ``reference``.
  ``FALLBACK``
    The chain of suffixes a family uses when nothing measured says otherwise; the first row
    runnable on the box wins.
  ``TOLERANCE``
    How a row's output is compared with the reference's (default ``exact``).
  ``COMPANIONS``
    Sibling functions of the kernel sources that must use the same row as the family (a kernel
    and the layout query that must agree with it). Each row defines them as
    ``TUNE_COMPANION(<function>)``; the stamp defines ``<function>`` as a forwarder to the stamped
    row's. A name alone has the family's ``SIGNATURE``; a signature string after it gives its own,
    e.g. ``COMPANIONS layout "int()"``.
  ``SHAPES``
    Problem sizes that each get their own winner. Each shape is a name and a C++ condition over
    the ``SIGNATURE``'s parameter names, e.g. ``"small: n <= 1024"``; the last shape may have no
    condition and then takes every call no earlier condition matches (without one, such a call goes
    to the last shape too). The fixture runs once per shape and reads ``fx.shape()``; each shape is
    its own seat ``<family>@<shape>``, raced, stamped and reported on its own, and the stamp
    defines the family's name as a dispatcher that tests the conditions in order and calls that
    shape's row directly. Companions must then take the family's parameters: they follow the
    shape's seat through the same conditions. Not with ``GENERATOR``.
  ``TIMEOUT``
    Seconds one call of a row may take before the row is killed and left out (default: 20 times
    the reference's own call at the gate, at least 2 s). docs/fixtures.md, "Time limits".
  ``THREADS``
    The size of every thread pool the bench knows (OpenMP, OpenBLAS, MKL, the ``fftw_threads``
    knob) while the family is gated and raced: a whole number of threads, or ``all`` for the
    CPUs of the allocation (default 1). Pools wait passively between calls. A seat raced with
    ``all`` belongs to boxes with as many CPUs: a profile records it and a box with fewer races
    the family instead of adopting it. docs/measurement.md, "Thread pools".
  ``GENERATOR``
    A command the configure step runs with the family's description (``tune-generate-request/1``)
    on standard input; the rows it prints (``tune-generate-proposals/1``) join the family after
    the fixed-condition check of declared rows, and ``<family>_generate_meta.json`` beside the
    sidecar records each proposal and its outcome (tune/Generator.cmake; docs/cmake-api.md,
    "Generators").
  ``GENERATOR_TIMEOUT``
    Seconds the generator may run before it is killed and the configure fails (default 60).
  ``INCLUDES``, ``LINK``
    Include folders and link targets the kernel sources and the fixture need.
#]=======================================================================]
function(tune_kernel_family name)
  cmake_parse_arguments(PARSE_ARGV 1 arg ""
    "SCOPE;SIGNATURE;FIXTURE;TOLERANCE;REFERENCE;TIMEOUT;GENERATOR_TIMEOUT;THREADS;SEARCH;BUDGET_ROWS;BUDGET_SECONDS;SEED"
    "SOURCES;AXES;PERMUTATIONS;EXCLUDE;CONSTRAINTS;REFERENCE_SOURCES;FALLBACK;COMPANIONS;SHAPES;INCLUDES;LINK;GENERATOR")
  _tune_reject_unparsed(tune_kernel_family "${name}"
    "SCOPE, SIGNATURE, SOURCES, FIXTURE, AXES, PERMUTATIONS, EXCLUDE, CONSTRAINTS, REFERENCE, REFERENCE_SOURCES, FALLBACK, TOLERANCE, COMPANIONS, SHAPES, TIMEOUT, THREADS, SEARCH, BUDGET_ROWS, BUDGET_SECONDS, SEED, INCLUDES, LINK, GENERATOR, GENERATOR_TIMEOUT"
    "${arg_UNPARSED_ARGUMENTS}")
  set(fn "tune_kernel_family(${name})")
  _tune_check_misspelt_keywords("${fn}" SOURCES ${arg_SOURCES} REFERENCE_SOURCES ${arg_REFERENCE_SOURCES}
    COMPANIONS ${arg_COMPANIONS} INCLUDES ${arg_INCLUDES} LINK ${arg_LINK})
  _tune_check_family_name("${fn}" "${name}")
  foreach(_kw SCOPE SIGNATURE SOURCES FIXTURE FALLBACK)
    if("${arg_${_kw}}" STREQUAL "")
      message(FATAL_ERROR "${fn}: missing required argument ${_kw}. See docs/cmake-api.md for its form.")
    endif()
  endforeach()
  _tune_declared(_scopes SCOPES)
  if(NOT arg_SCOPE IN_LIST _scopes)
    message(FATAL_ERROR "${fn}: SCOPE '${arg_SCOPE}' is not a declared scope; "
      "declare it first with tune_scope(${arg_SCOPE}).")
  endif()
  if(arg_AXES AND arg_PERMUTATIONS)
    message(FATAL_ERROR "${fn}: both AXES and PERMUTATIONS are given; use AXES for a grid or PERMUTATIONS for explicit rows, not both.")
  endif()
  if(NOT arg_AXES AND NOT arg_PERMUTATIONS)
    message(FATAL_ERROR "${fn}: missing required argument AXES (or PERMUTATIONS): the family needs at least one row.")
  endif()
  if(arg_REFERENCE AND arg_REFERENCE_SOURCES)
    message(FATAL_ERROR "${fn}: both REFERENCE and REFERENCE_SOURCES are given; the reference is either a row or separate sources.")
  endif()

  # The family's state lives on this target from here on (tune/State.cmake).
  add_library(tune_family_${name} INTERFACE)
  _tune_parse_signature("${fn}" "${arg_SIGNATURE}" _ret _params)
  if(NOT DEFINED arg_TOLERANCE)
    set(arg_TOLERANCE exact)
  endif()
  _tune_check_tolerance("${fn}" "${arg_TOLERANCE}")
  set(_limits "")
  foreach(_kw TIMEOUT THREADS GENERATOR_TIMEOUT)
    if(DEFINED arg_${_kw})
      list(APPEND _limits ${_kw} "${arg_${_kw}}")
    endif()
  endforeach()
  if("GENERATOR" IN_LIST arg_KEYWORDS_MISSING_VALUES)
    list(APPEND _limits GENERATOR_WITHOUT_COMMAND)
  elseif(DEFINED arg_GENERATOR)
    list(GET arg_GENERATOR 0 _program)
    list(APPEND _limits GENERATOR_PROGRAM "${_program}")
  endif()
  _tune_check_family_limits("${fn}" arg_THREADS arg_GENERATOR_TIMEOUT ${_limits})

  _tune_absolute_paths(_sources "${arg_SOURCES}")
  _tune_absolute_paths(_fixture "${arg_FIXTURE}")
  _tune_absolute_paths(_reference_sources "${arg_REFERENCE_SOURCES}")
  _tune_absolute_paths(_includes "${arg_INCLUDES}")
  foreach(_file IN LISTS _sources _fixture _reference_sources)
    if(NOT EXISTS "${_file}")
      message(FATAL_ERROR "${fn}: source '${_file}' does not exist.")
    endif()
  endforeach()

  # The rows as the row record `_rows` (cmake/tune/Rows.cmake lists its variables).
  string(REPLACE "\\;" ";" _fallback "${arg_FALLBACK}")
  set(_has_generator FALSE)
  if(DEFINED arg_GENERATOR)
    set(_has_generator TRUE)
  endif()
  _tune_declare_rows("${fn}" _rows "${arg_AXES}" "${arg_PERMUTATIONS}" "${arg_SEARCH}" ${_has_generator}
    "${arg_REFERENCE}" "${_reference_sources}" "${_fallback}" "${arg_EXCLUDE}")
  set(_grid FALSE)
  if(arg_AXES)
    set(_grid TRUE)
  endif()
  _tune_apply_excludes("${fn}" _rows "${arg_EXCLUDE}")
  set(_constraint_reference "${arg_REFERENCE}")
  if(NOT "${_reference_sources}" STREQUAL "")
    set(_constraint_reference "-")
  endif()
  _tune_apply_constraints("${fn}" _rows "${arg_CONSTRAINTS}" ${_grid} "${_constraint_reference}" "${_fallback}")
  if("ISA" IN_LIST _rows_AXES)
    _tune_check_global_isa_flags("${fn}" "${CMAKE_CURRENT_SOURCE_DIR}" COMPILE_OPTIONS
      SOURCES ${_sources} ${_reference_sources})
  endif()
  _tune_pick_reference("${fn}" _rows "${arg_REFERENCE}" "${_reference_sources}" ${_grid})
  _tune_check_fallback("${fn}" "${_fallback}" "${_rows_SUFFIXES}")
  _tune_parse_companions("${fn}" "${name}" "${arg_SIGNATURE}" _companions "${arg_COMPANIONS}")
  set(_shapes "")
  if("SHAPES" IN_LIST arg_KEYWORDS_MISSING_VALUES OR DEFINED arg_SHAPES)
    _tune_parse_shapes("${fn}" "${arg_SIGNATURE}" _shapes "${arg_SHAPES}")
    if(DEFINED arg_GENERATOR)
      message(FATAL_ERROR "${fn}: SHAPES and GENERATOR are both given; a generator proposes rows from the family's "
        "one race table, and a family with shapes has a table per shape. Leave out one of them.")
    endif()
    foreach(_companion IN LISTS _companions)
      _tune_parse_signature("${fn}" "${_companions_SIGNATURE_${_companion}}" _cret _cparams)
      if(NOT _cparams STREQUAL _params)
        message(FATAL_ERROR "${fn}: COMPANIONS ${_companion} takes (${_cparams}), but the family has SHAPES: a "
          "companion follows each shape's seat through the shapes' conditions, so it must take the family's "
          "parameters (${_params}). Give it the family's parameters or leave SHAPES out.")
      endif()
    endforeach()
  endif()
  _tune_search_settings("${fn}" "${name}" _rows ${_grid} "${arg_SEARCH}" "${arg_BUDGET_ROWS}" "${arg_BUDGET_SECONDS}"
    "${arg_SEED}")
  _tune_family_get(_search "${name}" SEARCH)
  if(DEFINED arg_GENERATOR AND NOT _search STREQUAL "exhaustive")
    message(FATAL_ERROR "${fn}: SEARCH ${_search} and GENERATOR are both given; a generator proposes the rows to "
      "race itself. Write SEARCH exhaustive, or leave GENERATOR out.")
  endif()
  # After the reference and the FALLBACK chain are checked: a proposed row is neither.
  if(DEFINED arg_GENERATOR)
    _tune_generator_rows("${fn}" "${name}" _rows "${arg_SCOPE}" "${arg_SIGNATURE}" ${_grid} ${arg_GENERATOR_TIMEOUT}
      "${arg_EXCLUDE}" ${arg_GENERATOR})
  endif()

  set_property(GLOBAL APPEND PROPERTY _TUNE_FAMILIES "${name}")
  _tune_scope_append("${arg_SCOPE}" FAMILIES "${name}")
  _tune_family_set("${name}" WHERE "${CMAKE_CURRENT_LIST_FILE}")
  _tune_family_set("${name}" SCOPE "${arg_SCOPE}")
  _tune_family_set("${name}" SIGNATURE "${arg_SIGNATURE}")
  _tune_family_set("${name}" TOLERANCE "${arg_TOLERANCE}")
  _tune_family_set("${name}" TIMEOUT "${arg_TIMEOUT}")
  _tune_family_set("${name}" THREADS "${arg_THREADS}")
  _tune_family_set("${name}" FALLBACK "${_fallback}")
  _tune_family_set("${name}" SOURCES "${_sources};${_reference_sources}")
  _tune_family_set("${name}" FIXTURE "${_fixture}")
  _tune_family_set("${name}" INCLUDES "${_includes}")
  _tune_family_set("${name}" LINK "${arg_LINK}")
  _tune_family_set("${name}" DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  _tune_family_set("${name}" COMPANIONS "${_companions}")
  _tune_family_set("${name}" SHAPES "${_shapes}")
  _tune_family_set("${name}" CONSTRAINTS "${arg_CONSTRAINTS}")
  _tune_family_set("${name}" EXCLUDE "${arg_EXCLUDE}")
  foreach(_shape IN LISTS _shapes)
    set_property(TARGET tune_family_${name} PROPERTY TUNE_SHAPE_CONDITION_${_shape} "${_shapes_CONDITION_${_shape}}")
  endforeach()
  foreach(_companion IN LISTS _companions)
    set_property(TARGET tune_family_${name} PROPERTY TUNE_COMPANION_SIGNATURE_${_companion}
      "${_companions_SIGNATURE_${_companion}}")
  endforeach()
  if("ISA" IN_LIST _rows_AXES)
    _tune_family_set("${name}" HAS_ISA TRUE)
  endif()

  _tune_tool(_tool)
  _tune_add_row_objects("${name}" _rows "${_sources}" "${_reference_sources}" "${_includes}" "${arg_LINK}" "${_companions}"
    "${_tool}")
  _tune_write_registry("${name}" "${_fixture}" "${_ret}" "${_params}")
endfunction()

# _tune_check_misspelt_keywords(<fn> [SOURCES <v>...] [REFERENCE_SOURCES <v>...] [COMPANIONS <v>...]
#   [INCLUDES <v>...] [LINK <v>...]): a misspelt keyword after a list keyword of tune_kernel_family
# lands in that list; name it as a keyword, not a file.
function(_tune_check_misspelt_keywords fn)
  set(lists SOURCES REFERENCE_SOURCES COMPANIONS INCLUDES LINK)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "${lists}")
  foreach(kw IN LISTS lists)
    foreach(token IN LISTS arg_${kw})
      if(token MATCHES "^[A-Z][A-Z_]+$" AND NOT TARGET "${token}")
        message(FATAL_ERROR "${fn}: ${kw} names '${token}', which looks like a misspelt keyword; the keywords are "
          "SCOPE, SIGNATURE, SOURCES, FIXTURE, AXES, PERMUTATIONS, EXCLUDE, CONSTRAINTS, REFERENCE, REFERENCE_SOURCES, "
          "FALLBACK, TOLERANCE, COMPANIONS, SHAPES, TIMEOUT, THREADS, SEARCH, BUDGET_ROWS, BUDGET_SECONDS, SEED, INCLUDES, LINK, "
          "GENERATOR, GENERATOR_TIMEOUT.")
      endif()
    endforeach()
  endforeach()
endfunction()

# _tune_check_family_name(<fn> <name>): a family's name is a C identifier no other family or
# companion has taken (family names are the functions' public names).
function(_tune_check_family_name fn name)
  _tune_check_identifier(tune_kernel_family "family name" "${name}")
  _tune_family_target(declared "${name}")
  if(declared)
    _tune_family_get(where "${name}" WHERE)
    message(FATAL_ERROR "${fn}: family '${name}' is already declared (in ${where}); "
      "family names are the functions' public names and must be unique.")
  endif()
  _tune_companion_owner(owner "${name}")
  if(owner)
    message(FATAL_ERROR "${fn}: '${name}' is already a companion of family '${owner}'; a public name is stamped "
      "once, so a function is either a family or one family's companion.")
  endif()
endfunction()

# _tune_check_family_limits(<fn> <out_threads> <out_generator_timeout> [TIMEOUT <s>] [THREADS <n>]
#   [GENERATOR_TIMEOUT <s>] [GENERATOR_PROGRAM <program> | GENERATOR_WITHOUT_COMMAND]): checks a
# family's time and thread limits and its generator's program, and sets THREADS (default 1) and
# GENERATOR_TIMEOUT (default 60) in the caller.
function(_tune_check_family_limits fn out_threads out_generator_timeout)
  cmake_parse_arguments(PARSE_ARGV 3 arg "GENERATOR_WITHOUT_COMMAND" "TIMEOUT;THREADS;GENERATOR_TIMEOUT;GENERATOR_PROGRAM"
    "")
  if(DEFINED arg_TIMEOUT AND NOT arg_TIMEOUT MATCHES "^([0-9]+([.][0-9]*)?|[.][0-9]+)$")
    message(FATAL_ERROR "${fn}: TIMEOUT '${arg_TIMEOUT}' is not a number of seconds; write e.g. TIMEOUT 10.")
  endif()
  if(DEFINED arg_TIMEOUT AND arg_TIMEOUT EQUAL 0)
    message(FATAL_ERROR "${fn}: TIMEOUT 0 would kill every row at its first call; give the seconds one call may "
      "take, e.g. TIMEOUT 10, or leave TIMEOUT out for the default.")
  endif()
  # Rows race with the pools they will run with, never with whatever the box's pools default to
  # (docs/measurement.md, "Thread pools").
  if(NOT DEFINED arg_THREADS)
    set(arg_THREADS 1)
  elseif(NOT arg_THREADS MATCHES "^(all|[1-9][0-9]*)$")
    message(FATAL_ERROR "${fn}: THREADS '${arg_THREADS}' is not a number of threads; write THREADS <n> with n >= 1 "
      "(e.g. THREADS 2), THREADS all for the allocation's CPUs, or leave THREADS out for 1.")
  endif()
  if(arg_GENERATOR_WITHOUT_COMMAND)
    message(FATAL_ERROR "${fn}: GENERATOR names no command; write GENERATOR <command> [<arg>...], e.g. "
      "GENERATOR \${CMAKE_COMMAND} -P propose.cmake, or leave GENERATOR out.")
  endif()
  if(DEFINED arg_GENERATOR_TIMEOUT AND NOT arg_GENERATOR_TIMEOUT MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "${fn}: GENERATOR_TIMEOUT '${arg_GENERATOR_TIMEOUT}' is not a whole number of seconds "
      "greater than 0; write e.g. GENERATOR_TIMEOUT 120, or leave it out for 60.")
  endif()
  set(has_generator FALSE)
  if("GENERATOR_PROGRAM" IN_LIST arg_KEYWORDS_MISSING_VALUES OR DEFINED arg_GENERATOR_PROGRAM)
    set(has_generator TRUE)
    if(arg_GENERATOR_PROGRAM MATCHES "-NOTFOUND$" OR arg_GENERATOR_PROGRAM STREQUAL "")
      message(FATAL_ERROR "${fn}: GENERATOR names '${arg_GENERATOR_PROGRAM}' as its command, which was not found; "
        "find the program first (find_program) or give its path.")
    endif()
  endif()
  if(DEFINED arg_GENERATOR_TIMEOUT AND NOT has_generator)
    message(FATAL_ERROR "${fn}: GENERATOR_TIMEOUT is given without a GENERATOR; add GENERATOR <command> or remove it.")
  endif()
  if(NOT DEFINED arg_GENERATOR_TIMEOUT)
    set(arg_GENERATOR_TIMEOUT 60)
  endif()
  set(${out_threads} "${arg_THREADS}" PARENT_SCOPE)
  set(${out_generator_timeout} "${arg_GENERATOR_TIMEOUT}" PARENT_SCOPE)
endfunction()

#[=======================================================================[.rst:
.. command:: tune_link

  Lets a target call the stamped winners of kernel families::

    tune_link(<target> <family>... [EXPORT | DISPATCH])

  The target may ``#include <tune/kernels/<family>.h>`` and call the family by its name; the
  call is a direct call to the stamped row, and the final link contains only stamped rows.
  Families must be declared before they are linked. A target with Fortran sources (when
  ``tune_link`` is called) also compiles the stamp's module ``tune_kernels_<family>``, whose
  ``bind(C)`` interfaces give its Fortran code the family's name, bound to the stamped row; the
  family's rows must be C or Fortran, without ``SHAPES``, and the target without ``DISPATCH``
  (docs/fixtures.md "Called from Fortran").

  ``EXPORT``
    The target defines each family's public name (and its companions') out of line, in a
    generated source, so a shared library exports it as a real symbol. The stamp headers then
    declare the name instead of defining it inline, for the target and for everything that links
    it (the stamp include folder and the switch are ``PUBLIC``), so every caller calls the one
    exported definition.

  ``DISPATCH``
    For a binary that runs on many machines (x86-64, aarch64 Linux): the target carries, per family and shape,
    the seat this build measured and every committed profile's seat on the class table, with the
    fallback chain and the reference, and binds each public name once, at load time, to the row
    of the running CPU's class (``tune/dispatch.h``), never to one whose ``requires=`` the CPU
    or its OS lacks. ``TUNE_DISPATCH_<family>`` is ``PUBLIC``, so everything that links the target
    calls the same binding. Not with ``EXPORT``.
#]=======================================================================]
function(tune_link target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "EXPORT;DISPATCH" "" "")
  set(_families ${arg_UNPARSED_ARGUMENTS})
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "tune_link(${target}): '${target}' is not a target; create it before calling tune_link.")
  endif()
  if(NOT _families)
    message(FATAL_ERROR "tune_link(${target}): missing the families to link; write tune_link(${target} <family>...).")
  endif()
  _tune_declared(_known FAMILIES)
  foreach(_family IN LISTS _families)
    if(NOT _family IN_LIST _known)
      string(REPLACE ";" ", " _known_text "${_known}")
      message(FATAL_ERROR "tune_link(${target}): '${_family}' is not a declared kernel family "
        "(declared: ${_known_text}); declare it with tune_kernel_family() before tune_link.")
    endif()
  endforeach()
  set(_visibility PRIVATE)
  if(arg_EXPORT AND arg_DISPATCH)
    message(FATAL_ERROR "tune_link(${target}): EXPORT and DISPATCH are both given; a dispatching target binds the "
      "public names itself. Give one of them.")
  endif()
  if(arg_DISPATCH)
    if(NOT CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64|aarch64|arm64|ARM64)$")
      message(FATAL_ERROR "tune_link(${target} DISPATCH): DISPATCH reads CPU classes through CPUID (x86-64) or the "
        "auxiliary vector (aarch64) and is implemented for those; this build targets ${CMAKE_SYSTEM_PROCESSOR}. "
        "Leave DISPATCH out.")
    endif()
    foreach(_family IN LISTS _families)
      target_compile_definitions(${target} PUBLIC TUNE_DISPATCH_${_family}=1)
    endforeach()
    set(_visibility PUBLIC)
  endif()
  if(arg_EXPORT)
    _tune_link_export("${target}" "${_families}")
    set(_visibility PUBLIC)
  endif()
  foreach(_family IN LISTS _families)
    _tune_family_get(_scope "${_family}" SCOPE)
    target_link_libraries(${target} PRIVATE tune_rows_${_family})
    add_dependencies(${target} tune_stamp_${_scope})
  endforeach()
  _tune_link_fortran("${target}" "${_families}" "${arg_DISPATCH}")
  _tune_stamp_include_dir(_include)
  target_include_directories(${target} ${_visibility} "${_include}")
  # The stamp headers register each family in tune::status() (tune/status.h).
  target_link_libraries(${target} ${_visibility} tune::kernel)
  target_compile_features(${target} ${_visibility} cxx_std_17)
endfunction()

# tune_link on a target with Fortran sources: each family's stamp for Fortran callers, module
# tune_kernels_<family> (tuner/stamp/fortran.h), which the stamp step writes beside the family's
# header and the target compiles, so its Fortran code calls the seat by the family's name.
function(_tune_link_fortran target families dispatch)
  get_target_property(_sources "${target}" SOURCES)
  _tune_fortran_sources(_fortran "${_sources}")
  if(NOT _fortran)
    return()
  endif()
  set(fn "tune_link(${target})")
  if(dispatch)
    message(FATAL_ERROR "${fn}: DISPATCH binds the public names for C and C++ callers, and '${target}' has Fortran "
      "sources, whose module tune_kernels_<family> calls the stamped row directly; leave DISPATCH out, or link the "
      "families DISPATCH to a C++ library the Fortran code calls.")
  endif()
  _tune_stamp_include_dir(_include)
  _tune_configurations(_configs)
  foreach(_family IN LISTS families)
    _tune_family_get(_shapes "${_family}" SHAPES)
    if(_shapes)
      message(FATAL_ERROR "${fn}: family '${_family}' has SHAPES, whose dispatcher the stamp writes in C and C++ "
        "only, and '${target}' has Fortran sources; call it from a C or C++ source of the target, or leave SHAPES "
        "out.")
    endif()
    _tune_family_get(_linkages "${_family}" ROW_LINKAGES)
    if("CXX" IN_LIST _linkages)
      message(FATAL_ERROR "${fn}: family '${_family}' has rows with C++ linkage (its SOURCES are C++), and "
        "'${target}' has Fortran sources, which bind C names only; write the family's kernel in C or Fortran, or "
        "call it from a C or C++ source of the target.")
    endif()
    _tune_family_set("${_family}" FORTRAN_CALLERS ON)
    set(_module "${_include}/tune/kernels/tune_kernels_${_family}.f90")
    target_sources(${target} PRIVATE "${_module}")
    # GENERATED in the target's folder, whatever its policies (CMP0118): a path per configuration.
    set(_paths "${_module}")
    if(_module MATCHES "[$]<CONFIG>")
      set(_paths "")
      foreach(_config IN LISTS _configs)
        string(REPLACE "$<CONFIG>" "${_config}" _path "${_module}")
        list(APPEND _paths "${_path}")
      endforeach()
    endif()
    set_source_files_properties(${_paths} TARGET_DIRECTORY ${target} PROPERTIES GENERATED ON)
  endforeach()
endfunction()

# tune_link(... EXPORT): one generated source per family defines the public names out of line
# (TUNE_DEFINE_<family> makes the stamp header emit the definitions); TUNE_EXPORTED_<family> makes
# every other includer see declarations. The source is fixed at configure time and includes the
# stamp header, so a changed winner recompiles it like any other includer.
function(_tune_link_export target families)
  get_target_property(_type "${target}" TYPE)
  if(_type STREQUAL "INTERFACE_LIBRARY")
    message(FATAL_ERROR "tune_link(${target} EXPORT): '${target}' is an INTERFACE library, which compiles nothing; "
      "export the families from the SHARED library (or executable) that defines them.")
  endif()
  foreach(_family IN LISTS families)
    _tune_family_get(_exporter "${_family}" EXPORTED_BY)
    if(_exporter AND NOT _exporter STREQUAL target)
      message(FATAL_ERROR "tune_link(${target} EXPORT): family '${_family}' is already exported by target "
        "'${_exporter}'; a public name has one definition, so export it from one target and link that target.")
    endif()
    _tune_family_set("${_family}" EXPORTED_BY "${target}")
    set(_source "${CMAKE_CURRENT_BINARY_DIR}/tune_export/${target}/${_family}.cpp")
    file(CONFIGURE OUTPUT "${_source}" CONTENT "// generated by cmake-tune: the exported definition of ${_family} \
(tune_link(${target} ${_family} EXPORT)). Do not edit.
#define TUNE_DEFINE_${_family} 1
#include <tune/kernels/${_family}.h>
" @ONLY)
    target_sources(${target} PRIVATE "${_source}")
    target_compile_definitions(${target} PUBLIC TUNE_EXPORTED_${_family}=1)
  endforeach()
endfunction()

#[=======================================================================[.rst:
.. command:: tune_install_sidecar

  Installs this build's sidecar beside an installed executable, so the installed program can
  report its tune status and read its runtime plan::

    tune_install_sidecar(<target> DESTINATION <dir> [COMPONENT <component>])

  The file is installed as ``<dir>/<executable file name>.tune.json`` and touched after the copy,
  so it is newer than the executable installed before it. Call it after ``install(TARGETS)``.
  With a multi-config generator, ``cmake --install --config <c>`` installs that configuration's
  sidecar. A build that has no sidecar (nothing was measured) installs none and says so, and so
  does one whose sidecar does not describe what the configuration's program runs (its winners
  were not stamped): an installed program never claims winners it does not run. ``COMPONENT`` puts
  the rule in that install component (``cmake --install . --component <component>``), as
  ``install(TARGETS)`` does for the program.
#]=======================================================================]
function(tune_install_sidecar target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "DESTINATION;COMPONENT" "")
  _tune_reject_unparsed(tune_install_sidecar "${target}" "DESTINATION, COMPONENT" "${arg_UNPARSED_ARGUMENTS}")
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "tune_install_sidecar(${target}): '${target}' is not a target; create it before calling "
      "tune_install_sidecar.")
  endif()
  get_target_property(_type "${target}" TYPE)
  if(NOT _type STREQUAL "EXECUTABLE")
    message(FATAL_ERROR "tune_install_sidecar(${target}): '${target}' is a ${_type}, not an executable; the sidecar is "
      "installed beside the program that reads it.")
  endif()
  if("${arg_DESTINATION}" STREQUAL "")
    message(FATAL_ERROR "tune_install_sidecar(${target}): missing required argument DESTINATION; write "
      "tune_install_sidecar(${target} DESTINATION bin).")
  endif()
  set(_component "")
  if("COMPONENT" IN_LIST arg_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "tune_install_sidecar(${target}): COMPONENT names no component; write COMPONENT <name> "
      "(the one install(TARGETS ${target}) uses), or leave it out.")
  elseif(DEFINED arg_COMPONENT)
    set(_component COMPONENT "${arg_COMPONENT}")
  endif()
  _tune_config_subdir(_cfg)
  install(CODE "
    set(_tune_target [==[${target}]==])
    set(_tune_src [==[${TUNE_SIDECAR}]==])
    if(DEFINED ENV{TUNE_MANIFEST} AND NOT \"\$ENV{TUNE_MANIFEST}\" STREQUAL \"\")
      set(_tune_src \"\$ENV{TUNE_MANIFEST}\")
    endif()
    file(GLOB _tune_records [==[${CMAKE_BINARY_DIR}/tune${_cfg}/*/stamp.json]==])
    set(_tune_dir [==[${arg_DESTINATION}]==])
    if(NOT IS_ABSOLUTE \"\${_tune_dir}\")
      set(_tune_dir \"\${CMAKE_INSTALL_PREFIX}/\${_tune_dir}\")
    endif()
    set(_tune_dst \"\$ENV{DESTDIR}\${_tune_dir}/$<TARGET_FILE_NAME:${target}>.tune.json\")
    include([==[${_TUNE_MODULE_DIR}/tune/install-sidecar.cmake]==])
  " ${_component})
endfunction()

# --- small argument helpers -------------------------------------------------------------------

# `unparsed` is the caller's <prefix>_UNPARSED_ARGUMENTS.
function(_tune_reject_unparsed fn subject keywords unparsed)
  if(unparsed)
    message(FATAL_ERROR "${fn}(${subject}): unknown argument(s) '${unparsed}'; the keywords are ${keywords}.")
  endif()
endfunction()

function(_tune_check_identifier fn what value)
  if(NOT value MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "${fn}: ${what} '${value}' is not a C identifier; use letters, digits and '_', "
      "not starting with a digit.")
  endif()
endfunction()

function(_tune_absolute_paths out files)
  set(_abs "")
  foreach(_file IN LISTS files)
    get_filename_component(_file "${_file}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND _abs "${_file}")
  endforeach()
  set(${out} "${_abs}" PARENT_SCOPE)
endfunction()

function(_tune_parse_signature fn signature out_ret out_params)
  if(NOT signature MATCHES "^[ ]*([^(]*[^ (])[ ]*\\((.*)\\)[ ]*$")
    message(FATAL_ERROR "${fn}: SIGNATURE \"${signature}\" is not of the form \"<ret>(<params>)\", "
      "e.g. \"float(const float* a, const float* b, std::size_t n)\".")
  endif()
  set(_ret "${CMAKE_MATCH_1}")
  set(_params "${CMAKE_MATCH_2}")
  # The stamp's forwarder passes every parameter on by name. Template arguments may hold commas:
  # those signatures are checked by the tool when it stamps.
  if(NOT _params MATCHES "[<(]" AND NOT _params MATCHES "^[ ]*(void)?[ ]*$")
    string(REPLACE "," ";" _list "${_params}")
    set(_i 0)
    foreach(_param IN LISTS _list)
      math(EXPR _i "${_i} + 1")
      string(STRIP "${_param}" _param)
      if(NOT _param MATCHES "[ *&]([A-Za-z_][A-Za-z0-9_]*)(\\[[^]]*\\])*$"
         OR CMAKE_MATCH_1 MATCHES "^(const|volatile|int|float|double|char|bool|long|short|unsigned|signed|size_t|ptrdiff_t|auto)$")
        message(FATAL_ERROR "${fn}: SIGNATURE \"${signature}\": parameter ${_i} ('${_param}') has no name; "
          "name every parameter (e.g. \"const float* a\"): the stamp forwards them by name.")
      endif()
    endforeach()
  endif()
  set(${out_ret} "${_ret}" PARENT_SCOPE)
  set(${out_params} "${_params}" PARENT_SCOPE)
endfunction()

function(_tune_check_tolerance fn tolerance)
  if(NOT tolerance MATCHES "^(exact|(abs|rel)=[0-9]+([.][0-9]*)?([eE][-+]?[0-9]+)?|ulp=[0-9]+)$")
    message(FATAL_ERROR "${fn}: TOLERANCE '${tolerance}' is not one of exact, abs=<x>, rel=<x>, ulp=<n> "
      "(e.g. rel=1e-5).")
  endif()
endfunction()

# COMPANIONS: each function name, optionally followed by its own "<ret>(<params>)" (default: the
# family's SIGNATURE). Companion names become public C++ names, like family names, so they must be
# unique among families and companions. Sets `out` to the names and out_SIGNATURE_<function> to each
# one's signature.
function(_tune_parse_companions fn family family_signature out companions)
  set(_names "")
  set(_last "")
  foreach(_token IN LISTS companions)
    if(_token MATCHES "\\(")
      if(_last STREQUAL "")
        message(FATAL_ERROR "${fn}: COMPANIONS gives the signature \"${_token}\" before any function name; write "
          "COMPANIONS <function> [\"<ret>(<params>)\"]..., e.g. COMPANIONS layout \"int()\".")
      endif()
      _tune_parse_signature("${fn}: COMPANIONS ${_last}" "${_token}" _ret _params)
      set(_signature_${_last} "${_token}")
      set(_last "")
      continue()
    endif()
    _tune_check_identifier("${fn}" "COMPANIONS function" "${_token}")
    if(_token STREQUAL family)
      message(FATAL_ERROR "${fn}: COMPANIONS names '${_token}', the family itself; a companion is another function "
        "of the kernel sources, stamped with the family's row.")
    endif()
    if(_token IN_LIST _names)
      message(FATAL_ERROR "${fn}: COMPANIONS names '${_token}' twice; name each companion once.")
    endif()
    _tune_declared(_families FAMILIES)
    if(_token IN_LIST _families)
      message(FATAL_ERROR "${fn}: COMPANIONS names '${_token}', which is a kernel family; a public name is stamped "
        "once, so a function is either a family or one family's companion.")
    endif()
    _tune_companion_owner(_owner "${_token}")
    if(_owner)
      message(FATAL_ERROR "${fn}: COMPANIONS names '${_token}', which is already a companion of family '${_owner}'; "
        "a public name is stamped once, so each companion belongs to one family.")
    endif()
    list(APPEND _names "${_token}")
    set(_signature_${_token} "${family_signature}")
    set(_last "${_token}")
  endforeach()
  set(${out} "${_names}" PARENT_SCOPE)
  foreach(_name IN LISTS _names)
    set(${out}_SIGNATURE_${_name} "${_signature_${_name}}" PARENT_SCOPE)
  endforeach()
endfunction()
