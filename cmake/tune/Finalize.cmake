# After the whole project is read (families may be declared anywhere), each scope gets its
# bench executable, its manifest (everything the tool needs, as JSON), its stamp step, and the
# project gets the targets tune, tune-<scope>, tune-test, tune-status and tune-profile-export.

function(_tune_schedule_finalize)
  get_property(_scheduled GLOBAL PROPERTY _TUNE_FINALIZE_SCHEDULED)
  if(NOT _scheduled)
    set_property(GLOBAL PROPERTY _TUNE_FINALIZE_SCHEDULED TRUE)
    cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _tune_finalize)
  endif()
endfunction()

# The tool as a target name: the in-tree executable when this project builds it, else the
# imported one from the installed package.
function(_tune_tool out)
  if(TARGET tune_cli)
    set(${out} tune_cli PARENT_SCOPE)
  elseif(TARGET tune::tune)
    set(${out} tune::tune PARENT_SCOPE)
  else()
    message(FATAL_ERROR "cmake-tune: the `tune` tool is not available: neither this project's tune_cli target "
      "nor the installed tune::tune exists. Load cmake-tune with find_package(Tune), add_subdirectory or FetchContent.")
  endif()
endfunction()

function(_tune_finalize)
  _tune_tool(_tool)
  get_property(_all_families GLOBAL PROPERTY _TUNE_FAMILIES)
  foreach(_family IN LISTS _all_families)
    _tune_recheck_global_isa_flags("${_family}")
  endforeach()
  get_property(_scopes GLOBAL PROPERTY _TUNE_SCOPES)
  set(_manifests "")
  set(_benches "")
  foreach(_scope IN LISTS _scopes)
    get_property(_families GLOBAL PROPERTY _TUNE_S_${_scope}_FAMILIES)
    if(NOT _families)
      message(WARNING "tune_scope(${_scope}): the scope has no kernel families; it is not tuned. "
        "Add families with tune_kernel_family(... SCOPE ${_scope}) or remove the scope.")
      continue()
    endif()
    _tune_finalize_scope("${_scope}" "${_tool}" _manifest)
    list(APPEND _manifests --manifest "${_manifest}")
    list(APPEND _benches tune_bench_${_scope})
  endforeach()
  if(NOT _manifests)
    return()
  endif()

  add_custom_target(tune
    COMMAND ${_tool} mint ${_manifests}
    COMMENT "Tuning every kernel family on this machine"
    USES_TERMINAL VERBATIM)
  add_dependencies(tune ${_benches})
  add_custom_target(tune-status
    COMMAND ${_tool} status ${_manifests}
    USES_TERMINAL VERBATIM)
  # Writes <DEFAULTS>/<class>.tune-defaults.json per scope from this box's sidecar; it refuses an
  # absent, unreadable, stale, incomplete or noise-refused one and says which.
  add_custom_target(tune-profile-export
    COMMAND ${_tool} profile export ${_manifests}
    COMMENT "Exporting this box's winners as defaults profiles"
    VERBATIM)
  set(_tests "")
  foreach(_bench IN LISTS _benches)
    list(APPEND _tests COMMAND ${_bench} test)
  endforeach()
  add_custom_target(tune-test ${_tests}
    COMMENT "Checking every runnable row against its family's reference"
    USES_TERMINAL VERBATIM)
  add_dependencies(tune-test ${_benches})
endfunction()

function(_tune_json_quote out value)
  string(REPLACE "\\" "\\\\" value "${value}")
  string(REPLACE "\"" "\\\"" value "${value}")
  set(${out} "\"${value}\"" PARENT_SCOPE)
endfunction()

function(_tune_json_array out)
  set(_items "")
  foreach(_value IN LISTS ARGN)
    _tune_json_quote(_q "${_value}")
    list(APPEND _items "${_q}")
  endforeach()
  string(REPLACE ";" ", " _items "${_items}")
  set(${out} "[${_items}]" PARENT_SCOPE)
endfunction()

# One family as the manifest describes it.
function(_tune_family_json out family)
  foreach(_key SIGNATURE TOLERANCE FALLBACK SOURCES FIXTURE ROWS REFERENCE COMPANIONS ROWS_DIR TIMEOUT)
    get_property(_${_key} GLOBAL PROPERTY _TUNE_F_${family}_${_key})
  endforeach()
  if(_TIMEOUT STREQUAL "")
    set(_TIMEOUT null)
  endif()
  _tune_json_quote(_signature "${_SIGNATURE}")
  _tune_json_array(_fallback ${_FALLBACK})
  _tune_json_array(_sources ${_SOURCES} ${_FIXTURE})
  set(_rows "")
  foreach(_suffix IN LISTS _ROWS)
    get_property(_requires GLOBAL PROPERTY _TUNE_F_${family}_R_${_suffix}_REQUIRES)
    get_property(_spec GLOBAL PROPERTY _TUNE_F_${family}_R_${_suffix}_SPEC)
    if(_spec STREQUAL "-")
      set(_spec "")
    endif()
    get_property(_flags GLOBAL PROPERTY _TUNE_F_${family}_R_${_suffix}_FLAGS)
    get_property(_defs GLOBAL PROPERTY _TUNE_F_${family}_R_${_suffix}_DEFS)
    get_property(_linkage GLOBAL PROPERTY _TUNE_F_${family}_R_${_suffix}_LINKAGE)
    _tune_json_array(_flags_json ${_flags})
    _tune_json_array(_defs_json ${_defs})
    _tune_json_quote(_record "${_ROWS_DIR}/${family}__${_suffix}")
    list(APPEND _rows "{\"suffix\": \"${_suffix}\", \"axes\": \"${_spec}\", \"requires\": \"${_requires}\", \"flags\": ${_flags_json}, \"defines\": ${_defs_json}, \"linkage\": \"${_linkage}\", \"build_record\": ${_record}}")
  endforeach()
  string(REPLACE ";" ",\n      " _rows "${_rows}")
  set(_companions "")
  foreach(_companion IN LISTS _COMPANIONS)
    get_property(_companion_signature GLOBAL PROPERTY _TUNE_F_${family}_C_${_companion}_SIGNATURE)
    _tune_json_quote(_companion_signature "${_companion_signature}")
    list(APPEND _companions "{\"name\": \"${_companion}\", \"signature\": ${_companion_signature}}")
  endforeach()
  string(REPLACE ";" ", " _companions "${_companions}")
  set(${out} "{\"name\": \"${family}\", \"signature\": ${_signature}, \"tolerance\": \"${_TOLERANCE}\", \"timeout_s\": ${_TIMEOUT},
     \"reference\": \"${_REFERENCE}\", \"fallback\": ${_fallback}, \"sources\": ${_sources},
     \"companions\": [${_companions}],
     \"rows\": [
      ${_rows}]}" PARENT_SCOPE)
endfunction()

function(_tune_finalize_scope scope tool out_manifest)
  _tune_config_subdir(_cfg)
  _tune_stamp_include_dir(_include)
  get_property(_families GLOBAL PROPERTY _TUNE_S_${scope}_FAMILIES)
  foreach(_key VERSION DEFAULTS BUDGET NAMESPACE)
    get_property(_${_key} GLOBAL PROPERTY _TUNE_S_${scope}_${_key})
  endforeach()

  # The bench: every row of every family of the scope, the fixtures and the registry. The rows'
  # archives are linked whole: the registry declares rows weak (tune/Bench.cmake), which pulls no
  # archive member by itself. Its linker launcher leaves out rows that do not link.
  set(_bench tune_bench_${scope})
  set(_registries "")
  set(_bench_rows "")
  set(_bench_links "")
  set(_bench_defs "")
  set(_link_rows "")
  set(_link_critical "")
  foreach(_family IN LISTS _families)
    get_property(_registry GLOBAL PROPERTY _TUNE_F_${_family}_REGISTRY)
    get_property(_includes GLOBAL PROPERTY _TUNE_F_${_family}_INCLUDES)
    get_property(_link GLOBAL PROPERTY _TUNE_F_${_family}_LINK)
    get_property(_rows_dir GLOBAL PROPERTY _TUNE_F_${_family}_ROWS_DIR)
    get_property(_suffixes GLOBAL PROPERTY _TUNE_F_${_family}_ROWS)
    list(APPEND _registries "${_registry}")
    list(APPEND _bench_includes ${_includes})
    list(APPEND _bench_rows tune_rows_${_family})
    list(APPEND _bench_links ${_link})
    list(APPEND _bench_defs "TUNE_ROWS_DIR_${_family}=\"${_rows_dir}\"")
    foreach(_suffix IN LISTS _suffixes)
      list(APPEND _link_rows "${_family}__${_suffix}=${_rows_dir}/${_family}__${_suffix}")
      get_property(_critical GLOBAL PROPERTY _TUNE_F_${_family}_R_${_suffix}_CRITICAL)
      if(_critical)
        list(APPEND _link_critical "${_family}__${_suffix}")
      endif()
    endforeach()
  endforeach()
  add_executable(${_bench} ${_registries})
  target_link_libraries(${_bench} PRIVATE tune::bench -Wl,--whole-archive ${_bench_rows} -Wl,--no-whole-archive
    ${_bench_links})
  target_include_directories(${_bench} PRIVATE ${_bench_includes})
  target_compile_definitions(${_bench} PRIVATE ${_bench_defs})
  target_compile_features(${_bench} PRIVATE cxx_std_17)
  set_target_properties(${_bench} PROPERTIES OUTPUT_NAME bench
    RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/tune/${scope}")
  string(REPLACE ";" "|" _link_rows "${_link_rows}")
  string(REPLACE ";" "|" _link_critical "${_link_critical}")
  # A linker launcher takes no generator expressions: the per-configuration paths carry @CONFIG@,
  # which the script reads off the archive paths the linker names.
  get_property(_multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  set(_configs "")
  if(_multi)
    string(REPLACE ";" "|" _configs "${CMAKE_CONFIGURATION_TYPES}")
  endif()
  set(_work "${CMAKE_BINARY_DIR}/tune${_cfg}/${scope}/link")
  foreach(_var _link_rows _work)
    string(REPLACE "$<CONFIG>" "@CONFIG@" ${_var} "${${_var}}")
  endforeach()
  set_property(TARGET ${_bench} PROPERTY CXX_LINKER_LAUNCHER "${CMAKE_COMMAND}" "-DROWS=${_link_rows}"
    "-DCRITICAL=${_link_critical}" "-DAR=${CMAKE_AR}" "-DWORK_DIR=${_work}" "-DCONFIGS=${_configs}"
    -P "${_TUNE_MODULE_DIR}/tune/link-bench.cmake" --)

  # The manifest: what the tool reads to verdict, mint and stamp this scope.
  set(_state "${CMAKE_BINARY_DIR}/tune${_cfg}/${scope}")
  set(_manifest "${_state}/manifest.json")
  set(_families_json "")
  set(_headers "")
  foreach(_family IN LISTS _families)
    _tune_family_json(_json "${_family}")
    list(APPEND _families_json "${_json}")
    list(APPEND _headers "${_include}/tune/kernels/${_family}.h")
  endforeach()
  string(REPLACE ";" ",\n    " _families_json "${_families_json}")
  if(_BUDGET STREQUAL "")
    set(_BUDGET null)
  endif()
  _tune_optimized_genex(_optimized)
  _tune_release_genex(_TUNE_RELEASE)
  foreach(_flag TUNE_QUICK TUNE_DEBUG)
    if(${_flag})
      set(_${_flag} true)
    else()
      set(_${_flag} false)
    endif()
  endforeach()
  get_property(_multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(_multi)
    set(_config "$<CONFIG>")
    set(_multi_json true)
  else()
    set(_config "${CMAKE_BUILD_TYPE}")
    set(_multi_json false)
  endif()
  _tune_json_quote(_sidecar "${TUNE_SIDECAR}")
  _tune_json_quote(_defaults "${_DEFAULTS}")
  _tune_json_quote(_flags_json "${CMAKE_CXX_FLAGS}")
  file(GENERATE OUTPUT "${_manifest}" CONTENT "{
  \"format\": \"tune-manifest/1\",
  \"project\": \"${CMAKE_PROJECT_NAME}\",
  \"scope\": \"${scope}\",
  \"version\": ${_VERSION},
  \"budget_s\": ${_BUDGET},
  \"namespace\": \"${_NAMESPACE}\",
  \"sidecar\": ${_sidecar},
  \"bench\": \"$<TARGET_FILE:${_bench}>\",
  \"build_dir\": \"${CMAKE_BINARY_DIR}\",
  \"config\": \"${_config}\",
  \"multi_config\": ${_multi_json},
  \"state_dir\": \"${_state}\",
  \"stamp_dir\": \"${_include}/tune/kernels\",
  \"defaults\": ${_defaults},
  \"policy\": \"${TUNE_POLICY}\",
  \"optimized\": ${_optimized},
  \"release\": ${_TUNE_RELEASE},
  \"quick\": ${_TUNE_QUICK},
  \"debug\": ${_TUNE_DEBUG},
  \"target_class\": \"${TUNE_TARGET_CLASS}\",
  \"compiler\": \"${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}\",
  \"compiler_flags\": ${_flags_json},
  \"families\": [
    ${_families_json}]
}
")

  # The stamp step: verdict, policy (mint when it says so), headers. The tool lists what it read
  # (the sidecar, profiles) in a depfile, so a no-op build runs nothing.
  add_custom_command(OUTPUT "${_state}/stamp.done"
    BYPRODUCTS ${_headers} "${_state}/stamp.json"
    COMMAND ${tool} mint --when-needed --manifest "${_manifest}"
    DEPENDS ${_bench} ${tool} "${_manifest}"
    DEPFILE "${_state}/stamp.d"
    COMMENT "Stamping kernel families of scope ${scope}"
    USES_TERMINAL VERBATIM)
  add_custom_target(tune_stamp_${scope} DEPENDS "${_state}/stamp.done")

  add_custom_target(tune-${scope}
    COMMAND ${tool} mint --manifest "${_manifest}"
    COMMENT "Tuning scope ${scope} on this machine"
    USES_TERMINAL VERBATIM)
  add_dependencies(tune-${scope} ${_bench})
  add_test(NAME tune.${scope} COMMAND ${_bench} test)

  set(${out_manifest} "${_manifest}" PARENT_SCOPE)
endfunction()

# CMAKE_CXX_FLAGS applies to a directory's targets as it stands at the end of the directory, so a
# -march= set after a family was declared voids its ISA axis too: check the final value.
function(_tune_recheck_global_isa_flags family)
  get_property(_has_isa GLOBAL PROPERTY _TUNE_F_${family}_HAS_ISA)
  if(NOT _has_isa)
    return()
  endif()
  get_property(_dir GLOBAL PROPERTY _TUNE_F_${family}_DIR)
  set(_vars CMAKE_CXX_FLAGS)
  get_property(_multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(_multi)
    set(_configs ${CMAKE_CONFIGURATION_TYPES})
  else()
    set(_configs ${CMAKE_BUILD_TYPE})
  endif()
  foreach(_config IN LISTS _configs)
    string(TOUPPER "${_config}" _upper)
    list(APPEND _vars CMAKE_CXX_FLAGS_${_upper})
  endforeach()
  foreach(_var IN LISTS _vars)
    get_directory_property(_value DIRECTORY "${_dir}" DEFINITION ${_var})
    if(" ${_value}" MATCHES "${_TUNE_GLOBAL_ISA_FLAGS_REGEX}")
      string(STRIP "${CMAKE_MATCH_0}" _flag)
      message(FATAL_ERROR "tune_kernel_family(${family}): ${_var} contains '${_flag}', which gives every row the same "
        "instruction set and silently voids the family's ISA axis; remove it from ${_var} (the ISA axis picks the "
        "flags per row).")
    endif()
  endforeach()
endfunction()
