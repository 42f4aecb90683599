#[=======================================================================[.rst:
TunePlan
--------

Execution plans: a budgeted search over a program's runtime knobs (OpenBLAS, OpenMP and FFTW
thread counts, FFTW planning effort, OpenMP wait and binding policy, the project's own knobs),
one fresh process per candidate, validated against the baseline's output, decided by paired
comparison. Included by ``Tune.cmake``; the full description is docs/execution-plans.md.

Commands: :command:`tune_execution_plan`, :command:`tune_knob`.
Targets: ``tune-plan-<target>``.
Find modules: ``FindFFTW3`` (Debian ships no CMake package for FFTW) is made available to
``find_package(FFTW3)`` by including this module.
#]=======================================================================]

include_guard(GLOBAL)

if(NOT CMAKE_CURRENT_LIST_DIR IN_LIST CMAKE_MODULE_PATH)
  list(APPEND CMAKE_MODULE_PATH "${CMAKE_CURRENT_LIST_DIR}")
endif()

# Built-in knobs (keep in step with tuner/plan/knobs.cpp), as a global property so deferred
# checks see it from any directory.
set_property(GLOBAL PROPERTY _TUNE_PLAN_BUILTIN_KNOBS
  openblas_threads omp_threads fftw_threads fftw_planner omp_wait_policy omp_proc_bind)

#[=======================================================================[.rst:
.. command:: tune_execution_plan

  Declares the execution-plan search for an executable target and adds the ``tune-plan-<target>``
  build target that runs it::

    tune_execution_plan(<target>
      ARGS <arg>...
      [KNOBS <knob>...]
      [BUDGET <seconds>]
      [MIN_GAIN <fraction>]
      [TOLERANCE rel=<x>|abs=<x>|ulp=<n>]
      [INPUTS <file>...]
      [CPUS <n>]
      [MEMORY <bytes>])

  ``cmake --build . --target tune-plan-<target>`` writes ``<target>.plan.json`` and
  ``<target>.plan-report.json`` in the current binary folder; launch with
  ``tune plan run --plan <target>.plan.json -- <program> <args>``.

  ``ARGS``
    Required. The arguments of a bounded pilot run of the real program (may be empty: ``ARGS``
    alone). Every candidate runs exactly this.
  ``KNOBS``
    Knobs to search: ``openblas_threads``, ``omp_threads``, ``fftw_threads``, ``fftw_planner``
    (``fftw_planner:patient`` adds FFTW_PATIENT), ``omp_wait_policy``, ``omp_proc_bind`` and the
    names declared with :command:`tune_knob`. Default: every knob that applies to the program.
  ``BUDGET``
    Wall-clock seconds for the whole search, process starts and confirmation included
    (default 30).
  ``MIN_GAIN``
    The smallest gain worth a plan, as a fraction (default 0.05).
  ``TOLERANCE``
    How closely a candidate's output must match the baseline's (default ``rel=1e-9`` for double
    results, ``rel=1e-4`` for float results).
  ``INPUTS``
    Files whose content is part of the plan's identity (relative paths are taken from the
    current source folder).
  ``CPUS``, ``MEMORY``
    Narrow the allocation (never enlarge it) to this many CPUs / bytes.
#]=======================================================================]
function(tune_execution_plan target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "BUDGET;MIN_GAIN;TOLERANCE;CPUS;MEMORY" "ARGS;KNOBS;INPUTS")
  set(_fn "tune_execution_plan(${target})")
  if(DEFINED arg_UNPARSED_ARGUMENTS)
    list(GET arg_UNPARSED_ARGUMENTS 0 _first)
    message(FATAL_ERROR "${_fn}: unknown argument '${_first}'. The keywords are ARGS, KNOBS, BUDGET, "
      "MIN_GAIN, TOLERANCE, INPUTS, CPUS and MEMORY.")
  endif()
  _tune_plan_require_executable("${_fn}" "${target}")
  if(TARGET tune-plan-${target})
    message(FATAL_ERROR "${_fn}: an execution plan is already declared for '${target}'; declare it once.")
  endif()
  if(NOT DEFINED arg_ARGS AND NOT "ARGS" IN_LIST arg_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "${_fn}: ARGS is required: the arguments of a bounded pilot run, for example "
      "ARGS --steps 10 (write ARGS alone when the program needs none).")
  endif()
  foreach(_keyword IN ITEMS BUDGET MIN_GAIN TOLERANCE CPUS MEMORY KNOBS INPUTS)
    if("${_keyword}" IN_LIST arg_KEYWORDS_MISSING_VALUES)
      message(FATAL_ERROR "${_fn}: ${_keyword} needs a value; give one or leave ${_keyword} out.")
    endif()
  endforeach()

  # Defaults, filled in explicitly.
  if(NOT DEFINED arg_BUDGET)
    set(arg_BUDGET 30)
  endif()
  if(NOT DEFINED arg_MIN_GAIN)
    set(arg_MIN_GAIN 0.05)
  endif()

  if(NOT arg_BUDGET MATCHES "^[0-9]+([.][0-9]+)?$" OR arg_BUDGET EQUAL 0)
    message(FATAL_ERROR "${_fn}: BUDGET '${arg_BUDGET}' is not a positive number of seconds; "
      "write for example BUDGET 30.")
  endif()
  if(NOT arg_MIN_GAIN MATCHES "^(0|0?[.][0-9]+)$")
    message(FATAL_ERROR "${_fn}: MIN_GAIN '${arg_MIN_GAIN}' is not a fraction in [0, 1); "
      "write for example MIN_GAIN 0.05 for 5%.")
  endif()
  if(DEFINED arg_TOLERANCE AND NOT arg_TOLERANCE MATCHES "^(rel|abs)=[0-9]+([.][0-9]*)?([eE][-+]?[0-9]+)?$|^ulp=[0-9]+$")
    message(FATAL_ERROR "${_fn}: TOLERANCE '${arg_TOLERANCE}' is not rel=<x>, abs=<x> or ulp=<n>; "
      "write for example TOLERANCE rel=1e-9.")
  endif()
  if(DEFINED arg_CPUS AND (NOT arg_CPUS MATCHES "^[0-9]+$" OR arg_CPUS EQUAL 0))
    message(FATAL_ERROR "${_fn}: CPUS '${arg_CPUS}' is not a positive number of CPUs.")
  endif()
  if(DEFINED arg_MEMORY AND (NOT arg_MEMORY MATCHES "^[0-9]+$" OR arg_MEMORY EQUAL 0))
    message(FATAL_ERROR "${_fn}: MEMORY '${arg_MEMORY}' is not a positive number of bytes; "
      "write for example MEMORY 2147483648 for 2 GiB.")
  endif()
  foreach(_arg IN LISTS arg_ARGS)
    if(_arg MATCHES ";")
      message(FATAL_ERROR "${_fn}: the pilot argument '${_arg}' contains ';', which cannot pass through a build "
        "command; change the argument.")
    endif()
  endforeach()

  set(_command plan search
    --budget "${arg_BUDGET}"
    --min-gain "${arg_MIN_GAIN}"
    --plan "${CMAKE_CURRENT_BINARY_DIR}/${target}.plan.json"
    --report "${CMAKE_CURRENT_BINARY_DIR}/${target}.plan-report.json")
  if(DEFINED arg_TOLERANCE)
    list(APPEND _command --tolerance "${arg_TOLERANCE}")
  endif()
  if(DEFINED arg_KNOBS)
    list(JOIN arg_KNOBS "," _knobs)
    list(APPEND _command --knobs "${_knobs}")
  endif()
  foreach(_input IN LISTS arg_INPUTS)
    cmake_path(ABSOLUTE_PATH _input BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    list(APPEND _command --input "${_input}")
  endforeach()
  if(DEFINED arg_CPUS)
    list(APPEND _command --cpus "${arg_CPUS}")
  endif()
  if(DEFINED arg_MEMORY)
    list(APPEND _command --memory "${arg_MEMORY}")
  endif()

  # tune_knob() may come later: the knob arguments are read from the target when generating.
  set_property(TARGET ${target} PROPERTY TUNE_PLAN_KNOBS "${arg_KNOBS}")
  set(_user_knobs "$<TARGET_PROPERTY:${target},TUNE_PLAN_KNOB_ARGS>")
  add_custom_target(tune-plan-${target}
    COMMAND $<TARGET_FILE:tune::tune> ${_command} ${_user_knobs} -- $<TARGET_FILE:${target}> ${arg_ARGS}
    WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
    COMMENT "Searching the runtime knobs of ${target} (budget ${arg_BUDGET} s)"
    USES_TERMINAL
    COMMAND_EXPAND_LISTS
    VERBATIM)
  # Knob names in KNOBS may be declared with tune_knob() after this call: check them once the
  # directory has been read.
  cmake_language(EVAL CODE "cmake_language(DEFER CALL _tune_plan_check_knobs [[${target}]])")
endfunction()

# Refuses ENV <variable> when it is on the list no plan may set (cmake/tune/unsafe-variables.txt,
# which the tool compiles in as well): a knob tunes how a program runs, never what it loads.
function(_tune_plan_check_knob_variable fn variable)
  file(STRINGS "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/tune/unsafe-variables.txt" _lines REGEX "^[a-z]")
  foreach(_line IN LISTS _lines)
    string(REPLACE " " ";" _entry "${_line}")
    list(GET _entry 0 _kind)
    list(GET _entry 1 _name)
    string(FIND "${variable}" "${_name}" _at)
    if(_kind STREQUAL "loader" AND _at EQUAL 0)
      set(_why "it changes what the program loads (${_name}*)")
    elseif(_kind STREQUAL "reserved" AND variable STREQUAL _name)
      set(_why "it changes what the program runs or finds, not how it tunes itself")
    elseif(_kind STREQUAL "own" AND _at EQUAL 0)
      list(LENGTH _entry _n)
      if(_n GREATER 2)
        list(GET _entry 2 _except)
        string(FIND "${variable}" "${_except}" _at_except)
        if(_at_except EQUAL 0)
          continue()
        endif()
        set(_why "it is cmake-tune's own (only ${_except}* variables are knobs)")
      else()
        set(_why "it is cmake-tune's own")
      endif()
    else()
      continue()
    endif()
    message(FATAL_ERROR "${fn}: ENV '${variable}' cannot be a knob's variable: ${_why}. Name the "
      "variable the program reads to choose its own behaviour.")
  endforeach()
endfunction()

#[=======================================================================[.rst:
.. command:: tune_knob

  Declares a knob of the project's own for the execution-plan search of ``<target>``::

    tune_knob(<target> NAME <name> ENV <variable> VALUES <value>...)

  ``NAME``
    The knob's name (a C identifier, not a built-in knob's name), as KNOBS and the report show it.
  ``ENV``
    The environment variable the program reads; the plan sets it, the launcher applies it.
  ``VALUES``
    The values to try. The baseline is whatever the caller's environment holds.

  The target needs a :command:`tune_execution_plan` in the same directory, before or after.
#]=======================================================================]
function(tune_knob target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "NAME;ENV" "VALUES")
  set(_fn "tune_knob(${target})")
  if(DEFINED arg_UNPARSED_ARGUMENTS)
    list(GET arg_UNPARSED_ARGUMENTS 0 _first)
    message(FATAL_ERROR "${_fn}: unknown argument '${_first}'. The keywords are NAME, ENV and VALUES.")
  endif()
  _tune_plan_require_executable("${_fn}" "${target}")
  foreach(_keyword IN ITEMS NAME ENV VALUES)
    if(NOT DEFINED arg_${_keyword})
      message(FATAL_ERROR "${_fn}: ${_keyword} is required: tune_knob(<target> NAME <name> ENV <variable> "
        "VALUES <value>...).")
    endif()
  endforeach()
  if(NOT arg_NAME MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "${_fn}: NAME '${arg_NAME}' is not a C identifier.")
  endif()
  get_property(_builtin GLOBAL PROPERTY _TUNE_PLAN_BUILTIN_KNOBS)
  if(arg_NAME IN_LIST _builtin)
    message(FATAL_ERROR "${_fn}: NAME '${arg_NAME}' is a built-in knob; name it in KNOBS of "
      "tune_execution_plan instead, or choose another name.")
  endif()
  if(NOT arg_ENV MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "${_fn}: ENV '${arg_ENV}' is not an environment variable name.")
  endif()
  _tune_plan_check_knob_variable("${_fn}" "${arg_ENV}")
  foreach(_value IN LISTS arg_VALUES)
    if(_value STREQUAL "" OR _value MATCHES ",")
      message(FATAL_ERROR "${_fn}: VALUES entry '${_value}' is empty or contains ','; list each value "
        "separately, without commas.")
    endif()
  endforeach()
  get_property(_declared TARGET ${target} PROPERTY TUNE_PLAN_KNOB_NAMES)
  if(arg_NAME IN_LIST _declared)
    message(FATAL_ERROR "${_fn}: knob '${arg_NAME}' is already declared for ${target}; declare it once.")
  endif()
  list(JOIN arg_VALUES "," _values)
  if(NOT _declared)
    # A knob without a search is never tried: check once the directory has been read, so the
    # plan may be declared before or after its knobs.
    cmake_language(EVAL CODE "cmake_language(DEFER CALL _tune_plan_check_has_plan [[${target}]])")
  endif()
  set_property(TARGET ${target} APPEND PROPERTY TUNE_PLAN_KNOB_NAMES "${arg_NAME}")
  set_property(TARGET ${target} APPEND PROPERTY TUNE_PLAN_KNOB_ARGS --knob "${arg_NAME}:${arg_ENV}=${_values}")
endfunction()

# Misuse shared by both commands: the target must be an executable of this project.
function(_tune_plan_require_executable fn target)
  if(NOT TARGET ${target})
    message(FATAL_ERROR "${fn}: '${target}' is not a target; declare it with add_executable() first.")
  endif()
  get_target_property(_type ${target} TYPE)
  if(NOT _type STREQUAL "EXECUTABLE")
    message(FATAL_ERROR "${fn}: '${target}' is not an executable (its type is ${_type}); an execution plan "
      "runs a program.")
  endif()
endfunction()

# Deferred to the end of the directory: every KNOBS entry names a built-in or declared knob.
function(_tune_plan_check_knobs target)
  get_property(_knobs TARGET ${target} PROPERTY TUNE_PLAN_KNOBS)
  get_property(_declared TARGET ${target} PROPERTY TUNE_PLAN_KNOB_NAMES)
  get_property(_builtin GLOBAL PROPERTY _TUNE_PLAN_BUILTIN_KNOBS)
  foreach(_knob IN LISTS _knobs)
    if(NOT _knob IN_LIST _builtin AND NOT _knob STREQUAL "fftw_planner:patient"
       AND NOT _knob IN_LIST _declared)
      list(JOIN _builtin ", " _known)
      message(FATAL_ERROR "tune_execution_plan(${target}): KNOBS names '${_knob}', which is neither a built-in "
        "knob (${_known}, fftw_planner:patient) nor declared with tune_knob(${target} NAME ${_knob} ...).")
    endif()
  endforeach()
endfunction()

# Deferred to the end of the directory: a target with knobs has an execution plan.
function(_tune_plan_check_has_plan target)
  if(NOT TARGET tune-plan-${target})
    get_property(_declared TARGET ${target} PROPERTY TUNE_PLAN_KNOB_NAMES)
    list(JOIN _declared ", " _names)
    message(FATAL_ERROR "tune_knob(${target}): '${target}' has knobs (${_names}) but no execution plan, so they "
      "would never be tried; add tune_execution_plan(${target} ARGS ...) in this directory, or remove the knobs.")
  endif()
endfunction()
