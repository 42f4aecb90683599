# Cache variables (docs/cmake-api.md "Cache variables and environment") and the per-configuration
# paths every generated file lives under.

set(TUNE_POLICY "" CACHE STRING
  "What a build does when measured winners are missing or stale: auto, warn, error, fallback. Empty: auto, or fallback for unoptimized builds. The TUNE_POLICY environment variable wins.")
set_property(CACHE TUNE_POLICY PROPERTY STRINGS "" auto warn error fallback)
if(NOT TUNE_POLICY MATCHES "^(|auto|warn|error|fallback)$")
  message(FATAL_ERROR "cmake-tune: TUNE_POLICY='${TUNE_POLICY}' is not one of auto, warn, error, fallback "
    "(or empty for the default). `reference` is accepted only in the environment.")
endif()

get_property(_tune_multi_config GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
if(_tune_multi_config)
  set(_tune_default_sidecar "${CMAKE_BINARY_DIR}/${CMAKE_PROJECT_NAME}.$<CONFIG>.tune.json")
else()
  set(_tune_default_sidecar "${CMAKE_BINARY_DIR}/${CMAKE_PROJECT_NAME}.tune.json")
endif()
set(TUNE_SIDECAR "${_tune_default_sidecar}" CACHE STRING
  "Where measured winners are recorded (per build tree, never committed). The TUNE_MANIFEST environment variable wins.")

set(TUNE_RELEASE "" CACHE STRING
  "Release rules (stamp only from a fresh, complete, locally measured sidecar): ON or OFF for every configuration; empty: on for the Release configuration only. TUNE_RELEASE_<CONFIG> overrides it for one configuration.")
set_property(CACHE TUNE_RELEASE PROPERTY STRINGS "" ON OFF)
option(TUNE_QUICK "A release build may inherit a complete, fresh sidecar instead of re-minting" OFF)
set(TUNE_TARGET_CLASS "" CACHE STRING "Build for another CPU class: never measure, stamp from that class")
set(TUNE_TARGET_RUNNER "" CACHE STRING
  "A command that runs a program on the target machine (an ssh or adb wrapper); benches race there. Contract: docs/cmake-api.md \"A runner on the target\"")
# Reserved (docs/cmake-api.md): failed rows' files are kept whatever its value.
option(TUNE_DEBUG "Reserved: failed candidates' artifacts are kept either way (docs/cmake-api.md)" OFF)

# Refuses a TUNE_TARGET_RUNNER that cannot run: its first word is neither a file nor a program on
# PATH, or it comes with TUNE_TARGET_CLASS, which builds for a class without measuring anything.
function(_tune_check_target_runner)
  if(TUNE_TARGET_RUNNER STREQUAL "")
    return()
  endif()
  if(NOT TUNE_TARGET_CLASS STREQUAL "")
    message(FATAL_ERROR "cmake-tune: TUNE_TARGET_RUNNER='${TUNE_TARGET_RUNNER}' races on the runner's machine, and "
      "TUNE_TARGET_CLASS='${TUNE_TARGET_CLASS}' builds for a class without measuring: set one of them "
      "(-UTUNE_TARGET_CLASS or -UTUNE_TARGET_RUNNER).")
  endif()
  list(GET TUNE_TARGET_RUNNER 0 _program)
  if(IS_ABSOLUTE "${_program}")
    set(_found "${_program}")
    if(NOT EXISTS "${_found}" OR IS_DIRECTORY "${_found}")
      set(_found "")
    endif()
  else()
    find_program(_found NAMES "${_program}" NO_CACHE)
  endif()
  if(NOT _found)
    message(FATAL_ERROR "cmake-tune: TUNE_TARGET_RUNNER='${TUNE_TARGET_RUNNER}': its program '${_program}' is not a "
      "file and not on PATH. Name a command that runs its arguments on the target machine, by absolute path "
      "(docs/cmake-api.md \"A runner on the target\").")
  endif()
endfunction()

# Refuses a build tree whose path holds a character CMake's add_custom_command will not take in an
# OUTPUT ('#', '<', '>'): every step cmake-tune adds writes under the build tree, and without this
# each one failed on its own with an error that did not say why.
function(_tune_check_build_path)
  string(REGEX MATCH "[#<>]" _bad "${CMAKE_BINARY_DIR}")
  if(NOT _bad STREQUAL "")
    message(FATAL_ERROR "cmake-tune: the build tree's path ${CMAKE_BINARY_DIR} contains '${_bad}', which CMake's "
      "add_custom_command refuses in the files cmake-tune generates there. Configure in a folder whose path has no "
      "'#', '<' or '>'.")
  endif()
endfunction()

# "/$<CONFIG>" for multi-config generators (one sidecar and stamp set per configuration), else "".
function(_tune_config_subdir out)
  get_property(_multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(_multi)
    set(${out} "/$<CONFIG>" PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()

# The folder of a scope's state (its manifest, stamp record and the stamp step's output): one per
# configuration of a multi-config generator, where <config> is a configuration or $<CONFIG>; ""
# for a single-config tree.
function(_tune_scope_state_dir out scope config)
  if(config STREQUAL "")
    set(${out} "${CMAKE_BINARY_DIR}/tune/${scope}" PARENT_SCOPE)
  else()
    set(${out} "${CMAKE_BINARY_DIR}/tune/${config}/${scope}" PARENT_SCOPE)
  endif()
endfunction()

# The configurations this tree builds: CMAKE_CONFIGURATION_TYPES for multi-config generators,
# else CMAKE_BUILD_TYPE (empty when none is set).
function(_tune_configurations out)
  get_property(_multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(_multi)
    set(${out} "${CMAKE_CONFIGURATION_TYPES}" PARENT_SCOPE)
  else()
    set(${out} "${CMAKE_BUILD_TYPE}" PARENT_SCOPE)
  endif()
endfunction()

function(_tune_stamp_include_dir out)
  _tune_config_subdir(_cfg)
  set(${out} "${CMAKE_BINARY_DIR}/tune${_cfg}/include" PARENT_SCOPE)
endfunction()

# "true" or "false" as JSON, per configuration: a generator expression that is true in the
# configurations `configs` (of _tune_configurations) for multi-config generators, else a constant.
function(_tune_genex_true_in out configs)
  get_property(_multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(_multi AND configs)
    string(REPLACE ";" "," _list "${configs}")
    set(${out} "$<IF:$<CONFIG:${_list}>,true,false>" PARENT_SCOPE)
  elseif(configs)
    set(${out} "true" PARENT_SCOPE)
  else()
    set(${out} "false" PARENT_SCOPE)
  endif()
endfunction()

# A generator expression that is true in the configurations under release rules and false in the
# others: TUNE_RELEASE_<CONFIG> when set, else TUNE_RELEASE when set, else the Release
# configuration alone. Multi-config generators get one answer per configuration.
function(_tune_release_genex out)
  _tune_configurations(_configs)
  set(_release "")
  foreach(_config IN LISTS _configs)
    string(TOUPPER "${_config}" _upper)
    if(DEFINED TUNE_RELEASE_${_upper} AND NOT "${TUNE_RELEASE_${_upper}}" STREQUAL "")
      set(_on "${TUNE_RELEASE_${_upper}}")
    elseif(NOT "${TUNE_RELEASE}" STREQUAL "")
      set(_on "${TUNE_RELEASE}")
    elseif(_config STREQUAL "Release")
      set(_on ON)
    else()
      set(_on OFF)
    endif()
    if(_on)
      list(APPEND _release "${_config}")
    endif()
  endforeach()
  _tune_genex_true_in(_genex "${_release}")
  set(${out} "${_genex}" PARENT_SCOPE)
endfunction()

# A generator expression that is 1 in configurations whose flags optimize (-O1 and up) and 0
# otherwise: timings of unoptimized code mean nothing, so such builds stamp without measuring.
function(_tune_optimized_genex out)
  _tune_configurations(_configs)
  set(_optimized "")
  foreach(_config IN LISTS _configs)
    string(TOUPPER "${_config}" _upper)
    set(_flags "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${_upper}}")
    if(_flags MATCHES "(^| )-O([1-3sz]|fast)?( |$)" AND NOT _flags MATCHES "(^| )-O0( |$)")
      list(APPEND _optimized "${_config}")
    endif()
  endforeach()
  _tune_genex_true_in(_genex "${_optimized}")
  set(${out} "${_genex}" PARENT_SCOPE)
endfunction()
