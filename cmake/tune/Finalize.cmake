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
  _tune_declared(_all_families FAMILIES)
  foreach(_family IN LISTS _all_families)
    _tune_family_get(_has_isa "${_family}" HAS_ISA)
    _tune_family_get(_dir "${_family}" DIR)
    if(_has_isa)
      _tune_family_get(_sources "${_family}" SOURCES)
      _tune_check_global_isa_flags("tune_kernel_family(${_family})" "${_dir}" SOURCES ${_sources})
    endif()
  endforeach()
  _tune_declared(_scopes SCOPES)
  set(_manifests "")
  set(_benches "")
  foreach(_scope IN LISTS _scopes)
    _tune_scope_get(_families "${_scope}" FAMILIES)
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
    COMMENT "Bringing the tuning of every kernel family up to date on this machine"
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
    _tune_bench_launch(_launch "$<TARGET_FILE:${_bench}>")
    list(APPEND _tests COMMAND ${_launch} $<TARGET_FILE:${_bench}> test)
  endforeach()
  add_custom_target(tune-test ${_tests}
    COMMENT "Checking every runnable row against its family's reference"
    USES_TERMINAL VERBATIM)
  add_dependencies(tune-test ${_benches})
  set_target_properties(tune tune-status tune-report tune-profile-export tune-test PROPERTIES FOLDER cmake-tune)
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

# One family as the manifest describes it, as JSON text. Built by joining pieces, not with
# string(JSON), which parses the whole document again at each call: the rows come as text from
# _tune_add_row_objects (tune/Rows.cmake).
function(_tune_family_json out family)
  foreach(_key SIGNATURE TOLERANCE FALLBACK SOURCES FIXTURE REFERENCE COMPANIONS TIMEOUT THREADS SHAPES
      GENERATOR_TRIGGER GENERATOR_CONFIG ROW_RECORDS CONSTRAINTS)
    _tune_family_get(_${_key} "${family}" ${_key})
  endforeach()
  if(_TIMEOUT STREQUAL "")
    set(_TIMEOUT null)
  endif()
  set(_members "")
  foreach(_member name:family signature:_SIGNATURE tolerance:_TOLERANCE reference:_REFERENCE)
    string(REPLACE ":" ";" _member "${_member}")
    list(GET _member 0 _key)
    list(GET _member 1 _var)
    if(_var STREQUAL "family")
      _tune_json_quote(_q "${family}")
    else()
      _tune_json_quote(_q "${${_var}}")
    endif()
    list(APPEND _members "\"${_key}\": ${_q}")
  endforeach()
  list(APPEND _members "\"timeout_s\": ${_TIMEOUT}")
  if(_THREADS STREQUAL "all")
    list(APPEND _members "\"threads\": \"all\"")
  else()
    list(APPEND _members "\"threads\": ${_THREADS}")
  endif()
  _tune_json_array(_q ${_FALLBACK})
  list(APPEND _members "\"fallback\": ${_q}")
  _tune_json_array(_q ${_CONSTRAINTS})
  list(APPEND _members "\"constraints\": ${_q}")
  _tune_json_array(_q ${_SOURCES} ${_FIXTURE})
  list(APPEND _members "\"sources\": ${_q}")
  _tune_json_quote(_q "$<TARGET_OBJECTS:tune_fixture_identity_${family}>")
  list(APPEND _members "\"fixture_object\": ${_q}")
  if(_GENERATOR_TRIGGER AND _GENERATOR_CONFIG)
    # The configuration whose sidecar the request quotes (tune/Generator.cmake): only its mints
    # change what the generator sees.
    _tune_json_quote(_q "$<$<CONFIG:${_GENERATOR_CONFIG}>:${_GENERATOR_TRIGGER}>")
    list(APPEND _members "\"generator_trigger\": ${_q}")
  elseif(_GENERATOR_TRIGGER)
    _tune_json_quote(_q "${_GENERATOR_TRIGGER}")
    list(APPEND _members "\"generator_trigger\": ${_q}")
  endif()
  # SHAPES (tune/Shapes.cmake): the tool makes each a seat <family>@<shape>.
  set(_items "")
  foreach(_shape IN LISTS _SHAPES)
    get_property(_condition TARGET tune_family_${family} PROPERTY TUNE_SHAPE_CONDITION_${_shape})
    _tune_json_quote(_q "${_condition}")
    list(APPEND _items "{\"name\": \"${_shape}\", \"condition\": ${_q}}")
  endforeach()
  list(JOIN _items ", " _items)
  list(APPEND _members "\"shapes\": [${_items}]")
  set(_items "")
  foreach(_companion IN LISTS _COMPANIONS)
    get_property(_signature TARGET tune_family_${family} PROPERTY TUNE_COMPANION_SIGNATURE_${_companion})
    _tune_json_quote(_q "${_signature}")
    list(APPEND _items "{\"name\": \"${_companion}\", \"signature\": ${_q}}")
  endforeach()
  list(JOIN _items ", " _items)
  list(APPEND _members "\"companions\": [${_items}]")
  _tune_search_json(_q "${family}")
  list(APPEND _members "\"search\": ${_q}")
  _tune_family_get(_fortran "${family}" FORTRAN_CALLERS)
  if(_fortran)
    list(APPEND _members "\"fortran_callers\": true")
  endif()
  list(JOIN _members ",\n   " _text)
  set(${out} "{${_text},\n   \"rows\": [${_ROW_RECORDS}]}" PARENT_SCOPE)
endfunction()

# _tune_finalize_scope(<scope> <tool> <out_manifest>): a scope's bench, manifest, stamp step,
# tune-<scope> target and CTest tests; sets <out_manifest> to the manifest's path.
function(_tune_finalize_scope scope tool out_manifest)
  _tune_config_subdir(_cfg)
  _tune_stamp_include_dir(_include)
  _tune_scope_get(_families "${scope}" FAMILIES)
  set(_bench tune_bench_${scope})
  _tune_add_scope_bench(${scope} ${_bench} "${_cfg}" "${_families}")
  # The manifest: what the tool reads to verdict, mint and stamp this scope.
  if(_cfg)
    _tune_scope_state_dir(_state ${scope} "$<CONFIG>")
  else()
    _tune_scope_state_dir(_state ${scope} "")
  endif()
  set(_manifest "${_state}/manifest.json")
  _tune_write_scope_manifest(${scope} ${_bench} "${_state}" "${_manifest}" "${_include}" "${_families}")
  _tune_add_scope_targets(${scope} ${_bench} "${tool}" "${_state}" "${_manifest}" "${_include}" "${_families}")
  set(${out_manifest} "${_manifest}" PARENT_SCOPE)
endfunction()

# _tune_add_scope_bench(<scope> <bench> <cfg> <families>): the scope's bench executable <bench>.
function(_tune_add_scope_bench scope _bench _cfg _families)
  # The bench: every row of every family of the scope, the fixtures and the registry. The rows'
  # archives are linked whole: the registry declares rows weak (tune/Bench.cmake), which pulls no
  # archive member by itself. Its linker launcher leaves out rows that do not link. Each family's
  # registry (its fixture, #included) is an object library of its own; beside it, the fixture alone
  # (tune/Bench.cmake), which the manifest names as the object the fixture's code identity is hashed
  # from (tuner/mint/incremental.h).
  set(_bench_rows "")
  set(_bench_links "")
  set(_link_rows "")
  set(_link_critical "")
  add_executable(${_bench})
  foreach(_family IN LISTS _families)
    foreach(_key REGISTRY INCLUDES LINK ROWS_DIR ROWS CRITICAL_ROWS)
      string(TOLOWER "${_key}" _var)
      _tune_family_get(_${_var} "${_family}" ${_key})
    endforeach()
    add_library(tune_fixture_${_family} OBJECT "${_registry}")
    target_link_libraries(tune_fixture_${_family} PRIVATE tune::bench ${_link})
    target_include_directories(tune_fixture_${_family} PRIVATE ${_includes})
    target_compile_definitions(tune_fixture_${_family} PRIVATE "TUNE_ROWS_DIR_${_family}=\"${_rows_dir}\"")
    target_compile_features(tune_fixture_${_family} PRIVATE cxx_std_17)
    target_sources(${_bench} PRIVATE $<TARGET_OBJECTS:tune_fixture_${_family}>)
    _tune_family_get(_identity_source "${_family}" FIXTURE_IDENTITY)
    add_library(tune_fixture_identity_${_family} OBJECT "${_identity_source}")
    target_link_libraries(tune_fixture_identity_${_family} PRIVATE tune::bench ${_link})
    target_include_directories(tune_fixture_identity_${_family} PRIVATE ${_includes})
    target_compile_features(tune_fixture_identity_${_family} PRIVATE cxx_std_17)
    add_dependencies(${_bench} tune_fixture_identity_${_family})
    list(APPEND _bench_rows tune_rows_${_family})
    list(APPEND _bench_links ${_link})
    # The rows go to the linker launcher in a file: one argument per scope would outgrow what a
    # process may be given (128 KiB per argument on Linux) at about a thousand rows.
    foreach(_suffix IN LISTS _rows)
      set(_line "${_family}__${_suffix}=${_rows_dir}/${_family}__${_suffix}\n")
      _tune_text_add(_link_rows _line)
    endforeach()
    foreach(_suffix IN LISTS _critical_rows)
      list(APPEND _link_critical "${_family}__${_suffix}")
    endforeach()
  endforeach()
  target_link_libraries(${_bench} PRIVATE tune::bench -Wl,--whole-archive ${_bench_rows} -Wl,--no-whole-archive
    ${_bench_links})
  set_target_properties(${_bench} PROPERTIES OUTPUT_NAME bench
    RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/tune/${scope}")
  _tune_text_done(_link_rows)
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
  set(_link_rows_file "${CMAKE_BINARY_DIR}/tune/${scope}/link-rows.txt")
  file(CONFIGURE OUTPUT "${_link_rows_file}" CONTENT "${_link_rows}" @ONLY)
  set_property(TARGET ${_bench} PROPERTY CXX_LINKER_LAUNCHER "${CMAKE_COMMAND}" "-DROWS_FILE=${_link_rows_file}"
    "-DCRITICAL=${_link_critical}" "-DAR=${CMAKE_AR}" "-DWORK_DIR=${_work}" "-DCONFIGS=${_configs}"
    -P "${_TUNE_MODULE_DIR}/tune/link-bench.cmake" --)

endfunction()

# _tune_write_scope_manifest(<scope> <bench> <state> <manifest> <include> <families>): writes the
# scope's tune-manifest/1 file <manifest> (file(GENERATE), so it names the bench's path per
# configuration).
function(_tune_write_scope_manifest scope _bench _state _manifest _include _families)
  foreach(_key VERSION DEFAULTS BUDGET NAMESPACE)
    _tune_scope_get(_${_key} "${scope}" ${_key})
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
  _tune_target_json(_target)
  _tune_json_put(_m target JSON "${_target}")
  _tune_json_put(_m compiler STRING "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}")
  _tune_json_put(_m compiler_flags STRING "${CMAKE_CXX_FLAGS}")
  foreach(_genex IN LISTS _genexes)
    string(REPLACE "\"${_genex}\"" "${_genex}" _m "${_m}")
  endforeach()
  # The families join as text after the scope's members (the rows make them large).
  set(_family_texts "")
  foreach(_family IN LISTS _families)
    _tune_family_json(_json "${_family}")
    list(APPEND _family_texts "${_json}")
  endforeach()
  list(JOIN _family_texts ",\n  " _family_texts)
  string(REGEX REPLACE "[ \n]*}[ \n]*$" "" _m "${_m}")
  file(GENERATE OUTPUT "${_manifest}" CONTENT "${_m},\n  \"families\": [\n  ${_family_texts}]\n}\n")

endfunction()

# _tune_target_arch(<out>): CMAKE_SYSTEM_PROCESSOR as the class table names arches (x86_64, aarch64),
# lower case otherwise.
function(_tune_target_arch out)
  string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" _arch)
  if(_arch MATCHES "^(x86_64|amd64|x64)$")
    set(_arch x86_64)
  elseif(_arch MATCHES "^(aarch64|arm64)$")
    set(_arch aarch64)
  endif()
  set(${out} "${_arch}" PARENT_SCOPE)
endfunction()

# _tune_target_json(<out>): the manifest's `target` (tuner/manifest/manifest.h target_machine): the
# target's arch, whether this is a cross build, and how the tool runs the bench there.
function(_tune_target_json out)
  _tune_target_arch(_arch)
  set(_run native)
  set(_launcher "")
  if(NOT TUNE_TARGET_RUNNER STREQUAL "")
    set(_run runner)
    set(_launcher "${TUNE_TARGET_RUNNER}")
  elseif(CMAKE_CROSSCOMPILING)
    set(_run none)
    if(CMAKE_CROSSCOMPILING_EMULATOR)
      set(_run emulator)
      set(_launcher "${CMAKE_CROSSCOMPILING_EMULATOR}")
    endif()
  endif()
  _tune_json_array(_words ${_launcher})
  _tune_json_quote(_arch "${_arch}")
  if(CMAKE_CROSSCOMPILING)
    set(_cross true)
  else()
    set(_cross false)
  endif()
  set(${out} "{\"arch\": ${_arch}, \"cross\": ${_cross}, \"run\": \"${_run}\", \"launcher\": ${_words}}" PARENT_SCOPE)
endfunction()

# _tune_bench_launch(<out> <bench file>): the words before a bench's path in a command that runs
# it: none natively; through TUNE_TARGET_RUNNER, `cmake -E env` naming the bench as the runner's
# input (tuner/mint/machine.h) and the runner; under CMAKE_CROSSCOMPILING_EMULATOR, `cmake -E env`
# naming the emulator to the bench (TUNE_BENCH_EMULATOR, tuner/harness/supervised.h) and the
# emulator itself. Empty for a cross build without either, whose benches do not run here.
function(_tune_bench_launch out bench_file)
  set(_words "")
  if(NOT TUNE_TARGET_RUNNER STREQUAL "")
    set(_words "${CMAKE_COMMAND}" -E env "TUNE_RUNNER_INPUTS=${bench_file}" "TUNE_RUNNER_OUTPUTS="
      ${TUNE_TARGET_RUNNER})
  elseif(CMAKE_CROSSCOMPILING AND CMAKE_CROSSCOMPILING_EMULATOR)
    _tune_json_array(_json ${CMAKE_CROSSCOMPILING_EMULATOR})
    set(_words "${CMAKE_COMMAND}" -E env "TUNE_BENCH_EMULATOR=${_json}" ${CMAKE_CROSSCOMPILING_EMULATOR})
  endif()
  set(${out} "${_words}" PARENT_SCOPE)
endfunction()

# _tune_add_scope_targets(<scope> <bench> <tool> <state> <manifest> <include> <families>): the stamp
# step, the tune-<scope> target and one CTest test per family.
function(_tune_add_scope_targets scope _bench tool _state _manifest _include _families)
  set(_headers "")
  foreach(_family IN LISTS _families)
    list(APPEND _headers "${_include}/tune/kernels/${_family}.h")
    _tune_family_get(_fortran "${_family}" FORTRAN_CALLERS)
    if(_fortran)
      list(APPEND _headers "${_include}/tune/kernels/tune_kernels_${_family}.f90")
    endif()
  endforeach()
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
  # The scope's internal targets in an IDE folder of their own; the tune* targets users build sit in
  # cmake-tune/ (_tune_finalize).
  set(_internal ${_bench} tune_stamp_${scope})
  foreach(_family IN LISTS _families)
    list(APPEND _internal tune_fixture_${_family} tune_fixture_identity_${_family})
  endforeach()
  set_target_properties(${_internal} PROPERTIES FOLDER "cmake-tune/${scope}")

  add_custom_target(tune-${scope}
    COMMAND ${tool} mint --manifest "${_manifest}"
    COMMENT "Tuning scope ${scope} on this machine"
    USES_TERMINAL VERBATIM)
  add_dependencies(tune-${scope} ${_bench})
  set_target_properties(tune-${scope} PROPERTIES FOLDER cmake-tune)
  _tune_bench_launch(_launch "$<TARGET_FILE:${_bench}>")
  # One CTest test per family, tune.<scope>.<family>, labelled tune and <scope>: `ctest -R <family>`
  # and `ctest -L <scope>` select them (the project must call enable_testing()). They run through
  # TUNE_TARGET_RUNNER when it is set; a cross build's run through its emulator (_tune_bench_launch: CTest would add the emulator itself, but not the
  # variable the bench's children need).
  foreach(_family IN LISTS _families)
    _tune_family_get(_shapes "${_family}" SHAPES)
    set(_seats --family "${_family}")
    if(_shapes)
      set(_seats "")
      foreach(_shape IN LISTS _shapes)
        list(APPEND _seats --family "${_family}@${_shape}")
      endforeach()
    endif()
    add_test(NAME tune.${scope}.${_family} COMMAND ${_launch} $<TARGET_FILE:${_bench}> test ${_seats})
    set_tests_properties(tune.${scope}.${_family} PROPERTIES LABELS "tune;${scope}")
  endforeach()

endfunction()
