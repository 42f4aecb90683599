# After the whole project is read (families may be declared anywhere), each scope gets its
# bench executable, its manifest (everything the tool needs, as JSON), its stamp step, and the
# project gets the targets tune, tune-<scope>, tune-test, tune-status, tune-report and tune-profile-export.

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
    get_property(_has_isa GLOBAL PROPERTY _TUNE_F_${_family}_HAS_ISA)
    get_property(_dir GLOBAL PROPERTY _TUNE_F_${_family}_DIR)
    if(_has_isa)
      get_property(_sources GLOBAL PROPERTY _TUNE_F_${_family}_SOURCES)
      _tune_check_global_isa_flags("tune_kernel_family(${_family})" "${_dir}" SOURCES ${_sources})
    endif()
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
  # One self-contained HTML page of every scope's races, rates and past mints (tuner/report/); one
  # per configuration in a multi-config tree, as its manifests are.
  # COMMENT expands no generator expression before CMake 3.26, hence the <config> it names.
  get_property(_multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(_multi)
    set(_report "${CMAKE_BINARY_DIR}/tune-report-$<CONFIG>.html")
    set(_report_shown "${CMAKE_BINARY_DIR}/tune-report-<config>.html")
  else()
    set(_report "${CMAKE_BINARY_DIR}/tune-report.html")
    set(_report_shown "${_report}")
  endif()
  add_custom_target(tune-report
    COMMAND ${_tool} report ${_manifests} --out "${_report}"
    COMMENT "Writing ${_report_shown}"
    VERBATIM)
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

# The manifest is built with string(JSON), which checks every value it is given but cannot turn
# text into a JSON string: _tune_json_quote does that, and _tune_json_put sets one member.
function(_tune_json_quote out value)
  string(REPLACE "\\" "\\\\" value "${value}")
  string(REPLACE "\"" "\\\"" value "${value}")
  string(REPLACE "\n" "\\n" value "${value}")
  string(REPLACE "\r" "\\r" value "${value}")
  string(REPLACE "\t" "\\t" value "${value}")
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

# Sets member `key` of the JSON object in variable `doc`: STRING quotes `value`, STRINGS makes the
# list `value` an array of strings, JSON takes it as JSON text (a number, true, null, an object).
function(_tune_json_put doc key kind value)
  if(kind STREQUAL "STRING")
    _tune_json_quote(value "${value}")
  elseif(kind STREQUAL "STRINGS")
    _tune_json_array(value ${value})
  elseif(NOT kind STREQUAL "JSON")
    message(FATAL_ERROR "_tune_json_put(${key}): kind '${kind}' is not STRING, STRINGS or JSON.")
  endif()
  string(JSON _doc SET "${${doc}}" "${key}" "${value}")
  set(${doc} "${_doc}" PARENT_SCOPE)
endfunction()

# Appends the JSON text `value` to the array member `key` of the object in variable `doc`.
function(_tune_json_append doc key value)
  string(JSON _n LENGTH "${${doc}}" "${key}")
  string(JSON _doc SET "${${doc}}" "${key}" ${_n} "${value}")
  set(${doc} "${_doc}" PARENT_SCOPE)
endfunction()

# One family as the manifest describes it.
function(_tune_family_json out family)
  foreach(_key SIGNATURE TOLERANCE FALLBACK SOURCES FIXTURE ROWS REFERENCE COMPANIONS ROWS_DIR TIMEOUT)
    get_property(_${_key} GLOBAL PROPERTY _TUNE_F_${family}_${_key})
  endforeach()
  if(_TIMEOUT STREQUAL "")
    set(_TIMEOUT null)
  endif()
  set(_json "{}")
  _tune_json_put(_json name STRING "${family}")
  _tune_json_put(_json signature STRING "${_SIGNATURE}")
  _tune_json_put(_json tolerance STRING "${_TOLERANCE}")
  _tune_json_put(_json timeout_s JSON "${_TIMEOUT}")
  _tune_json_put(_json reference STRING "${_REFERENCE}")
  _tune_json_put(_json fallback STRINGS "${_FALLBACK}")
  _tune_json_put(_json sources STRINGS "${_SOURCES};${_FIXTURE}")
  _tune_json_put(_json fixture_object STRING "$<TARGET_OBJECTS:tune_fixture_identity_${family}>")
  get_property(_trigger GLOBAL PROPERTY _TUNE_F_${family}_GENERATOR_TRIGGER)
  get_property(_trigger_config GLOBAL PROPERTY _TUNE_F_${family}_GENERATOR_CONFIG)
  if(_trigger AND _trigger_config)
    # The configuration whose sidecar the request quotes (tune/Generator.cmake): only its mints
    # change what the generator sees.
    _tune_json_put(_json generator_trigger STRING "$<$<CONFIG:${_trigger_config}>:${_trigger}>")
  elseif(_trigger)
    _tune_json_put(_json generator_trigger STRING "${_trigger}")
  endif()
  # SHAPES (tune/Shapes.cmake): the tool makes each a seat <family>@<shape>.
  _tune_json_put(_json shapes JSON "[]")
  get_property(_shapes GLOBAL PROPERTY _TUNE_F_${family}_SHAPES)
  foreach(_shape IN LISTS _shapes)
    get_property(_condition GLOBAL PROPERTY _TUNE_F_${family}_SHAPE_${_shape}_CONDITION)
    set(_s "{}")
    _tune_json_put(_s name STRING "${_shape}")
    _tune_json_put(_s condition STRING "${_condition}")
    _tune_json_append(_json shapes "${_s}")
  endforeach()
  _tune_json_put(_json companions JSON "[]")
  foreach(_companion IN LISTS _COMPANIONS)
    get_property(_companion_signature GLOBAL PROPERTY _TUNE_F_${family}_C_${_companion}_SIGNATURE)
    set(_c "{}")
    _tune_json_put(_c name STRING "${_companion}")
    _tune_json_put(_c signature STRING "${_companion_signature}")
    _tune_json_append(_json companions "${_c}")
  endforeach()
  _tune_json_put(_json rows JSON "[]")
  foreach(_suffix IN LISTS _ROWS)
    foreach(_key REQUIRES SPEC FLAGS DEFS LINKAGE)
      get_property(_${_key} GLOBAL PROPERTY _TUNE_F_${family}_R_${_suffix}_${_key})
    endforeach()
    if(_SPEC STREQUAL "-")
      set(_SPEC "")
    endif()
    set(_row "{}")
    _tune_json_put(_row suffix STRING "${_suffix}")
    _tune_json_put(_row axes STRING "${_SPEC}")
    _tune_json_put(_row requires STRING "${_REQUIRES}")
    _tune_json_put(_row flags STRINGS "${_FLAGS}")
    _tune_json_put(_row defines STRINGS "${_DEFS}")
    _tune_json_put(_row linkage STRING "${_LINKAGE}")
    _tune_json_put(_row build_record STRING "${_ROWS_DIR}/${family}__${_suffix}")
    _tune_json_append(_json rows "${_row}")
  endforeach()
  set(${out} "${_json}" PARENT_SCOPE)
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
  # archive member by itself. Its linker launcher leaves out rows that do not link. Each family's
  # registry (its fixture, #included) is an object library of its own; beside it, the fixture alone
  # (tune/Bench.cmake), which the manifest names as the object the fixture's code identity is hashed
  # from (tuner/mint/incremental.h).
  set(_bench tune_bench_${scope})
  set(_bench_rows "")
  set(_bench_links "")
  set(_link_rows "")
  set(_link_critical "")
  add_executable(${_bench})
  foreach(_family IN LISTS _families)
    get_property(_registry GLOBAL PROPERTY _TUNE_F_${_family}_REGISTRY)
    get_property(_includes GLOBAL PROPERTY _TUNE_F_${_family}_INCLUDES)
    get_property(_link GLOBAL PROPERTY _TUNE_F_${_family}_LINK)
    get_property(_rows_dir GLOBAL PROPERTY _TUNE_F_${_family}_ROWS_DIR)
    get_property(_suffixes GLOBAL PROPERTY _TUNE_F_${_family}_ROWS)
    add_library(tune_fixture_${_family} OBJECT "${_registry}")
    target_link_libraries(tune_fixture_${_family} PRIVATE tune::bench ${_link})
    target_include_directories(tune_fixture_${_family} PRIVATE ${_includes})
    target_compile_definitions(tune_fixture_${_family} PRIVATE "TUNE_ROWS_DIR_${_family}=\"${_rows_dir}\"")
    target_compile_features(tune_fixture_${_family} PRIVATE cxx_std_17)
    target_sources(${_bench} PRIVATE $<TARGET_OBJECTS:tune_fixture_${_family}>)
    get_property(_identity_source GLOBAL PROPERTY _TUNE_F_${_family}_FIXTURE_IDENTITY)
    add_library(tune_fixture_identity_${_family} OBJECT "${_identity_source}")
    target_link_libraries(tune_fixture_identity_${_family} PRIVATE tune::bench ${_link})
    target_include_directories(tune_fixture_identity_${_family} PRIVATE ${_includes})
    target_compile_features(tune_fixture_identity_${_family} PRIVATE cxx_std_17)
    add_dependencies(${_bench} tune_fixture_identity_${_family})
    list(APPEND _bench_rows tune_rows_${_family})
    list(APPEND _bench_links ${_link})
    foreach(_suffix IN LISTS _suffixes)
      list(APPEND _link_rows "${_family}__${_suffix}=${_rows_dir}/${_family}__${_suffix}")
      get_property(_critical GLOBAL PROPERTY _TUNE_F_${_family}_R_${_suffix}_CRITICAL)
      if(_critical)
        list(APPEND _link_critical "${_family}__${_suffix}")
      endif()
    endforeach()
  endforeach()
  target_link_libraries(${_bench} PRIVATE tune::bench -Wl,--whole-archive ${_bench_rows} -Wl,--no-whole-archive
    ${_bench_links})
  set_target_properties(${_bench} PROPERTIES OUTPUT_NAME bench
    RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/tune/${scope}")
  string(REPLACE ";" "|" _link_rows "${_link_rows}")
  string(REPLACE ";" "|" _link_critical "${_link_critical}")
  # A linker launcher takes no generator expressions: the per-configuration paths carry @CONFIG@,
  # which the script reads off the archive paths the linker names.
  get_property(_multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  set(_configs "")
  if(_multi)
    _tune_configurations(_configs)
    string(REPLACE ";" "|" _configs "${_configs}")
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
  set(_headers "")
  foreach(_family IN LISTS _families)
    list(APPEND _headers "${_include}/tune/kernels/${_family}.h")
  endforeach()
  if(_BUDGET STREQUAL "")
    set(_BUDGET null)
  endif()
  _tune_optimized_genex(_optimized)
  _tune_release_genex(_release)
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
  set(_m "{}")
  _tune_json_put(_m format STRING "tune-manifest/1")
  _tune_json_put(_m project STRING "${CMAKE_PROJECT_NAME}")
  _tune_json_put(_m scope STRING "${scope}")
  _tune_json_put(_m version JSON "${_VERSION}")
  _tune_json_put(_m budget_s JSON "${_BUDGET}")
  _tune_json_put(_m namespace STRING "${_NAMESPACE}")
  _tune_json_put(_m sidecar STRING "${TUNE_SIDECAR}")
  _tune_json_put(_m bench STRING "$<TARGET_FILE:${_bench}>")
  _tune_json_put(_m build_dir STRING "${CMAKE_BINARY_DIR}")
  _tune_json_put(_m config STRING "${_config}")
  _tune_json_put(_m multi_config JSON "${_multi_json}")
  _tune_json_put(_m state_dir STRING "${_state}")
  _tune_json_put(_m stamp_dir STRING "${_include}/tune/kernels")
  _tune_json_put(_m defaults STRING "${_DEFAULTS}")
  _tune_json_put(_m policy STRING "${TUNE_POLICY}")
  # A boolean that differs per configuration is a generator expression, which string(JSON) would
  # refuse as a value: it goes in as a string and is unquoted for file(GENERATE) to evaluate.
  set(_genexes "")
  foreach(_key optimized release)
    if(_${_key} MATCHES "^[$]<")
      _tune_json_put(_m ${_key} STRING "${_${_key}}")
      list(APPEND _genexes "${_${_key}}")
    else()
      _tune_json_put(_m ${_key} JSON "${_${_key}}")
    endif()
  endforeach()
  _tune_json_put(_m quick JSON "${_TUNE_QUICK}")
  _tune_json_put(_m debug JSON "${_TUNE_DEBUG}")
  _tune_json_put(_m target_class STRING "${TUNE_TARGET_CLASS}")
  _tune_json_put(_m compiler STRING "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}")
  _tune_json_put(_m compiler_flags STRING "${CMAKE_CXX_FLAGS}")
  _tune_json_put(_m families JSON "[]")
  foreach(_family IN LISTS _families)
    _tune_family_json(_json "${_family}")
    _tune_json_append(_m families "${_json}")
  endforeach()
  foreach(_genex IN LISTS _genexes)
    string(REPLACE "\"${_genex}\"" "${_genex}" _m "${_m}")
  endforeach()
  file(GENERATE OUTPUT "${_manifest}" CONTENT "${_m}\n")

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
