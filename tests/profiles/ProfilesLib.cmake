# Helpers for the profile and policy scenarios (tests/profiles/*.cmake). They reuse the e2e
# helpers (tests/e2e/E2eLib.cmake) and drive the stamp step directly — `tune mint --when-needed
# --manifest <m>`, exactly what the build runs — so one configured tree serves many cases.
# TUNE_FORCE_FEATURES pins the box's class, so the cases mean the same on every x86-64 machine.

include("${E2E_DIR}/E2eLib.cmake")

set(P_TOOL "${PREFIX}/bin/tune")
set(P_ALL_X86 sse4.2 avx avx2 fma bmi2 f16c avx512f avx512bw avx512cd avx512dq avx512vl avx512vnni avx512bf16
              avx512vbmi avxvnni amx-tile amx-int8)
set(P_CLASS_x86-base "")
set(P_CLASS_x86-avx2 avx2 fma bmi2 f16c)
set(P_CLASS_x86-vnni256 ${P_CLASS_x86-avx2} avxvnni)
set(P_CLASS_x86-avx512 ${P_CLASS_x86-avx2} avx512f avx512bw avx512cd avx512dq avx512vl)
set(P_CLASS_x86-vnni512 ${P_CLASS_x86-avx512} avx512vnni)
set(P_CLASS_x86-amx ${P_CLASS_x86-vnni512} amx-tile amx-int8)
set(P_CLASSES x86-base x86-avx2 x86-vnni256 x86-avx512 x86-vnni512 x86-amx)

# p_force(<out> <class>): a TUNE_FORCE_FEATURES value that makes this box exactly <class>.
function(p_force out cls)
  set(_spec "")
  foreach(_f IN LISTS P_ALL_X86)
    list(APPEND _spec "-${_f}")
  endforeach()
  foreach(_f IN LISTS P_CLASS_${cls})
    list(APPEND _spec "+${_f}")
  endforeach()
  string(REPLACE ";" "," _spec "${_spec}")
  set(${out} "${_spec}" PARENT_SCOPE)
endfunction()

# p_seats(<out> <manifest JSON> <family index>): the seats of a manifest's family: its name, or
# <family>@<shape> for each shape of a family with SHAPES.
function(p_seats out mjson i)
  string(JSON _fam GET "${mjson}" families ${i} name)
  string(JSON _n ERROR_VARIABLE _none LENGTH "${mjson}" families ${i} shapes)
  if(_none OR _n EQUAL 0)
    set(${out} "${_fam}" PARENT_SCOPE)
    return()
  endif()
  set(_seats "")
  math(EXPR _last "${_n} - 1")
  foreach(_s RANGE ${_last})
    string(JSON _shape GET "${mjson}" families ${i} shapes ${_s} name)
    list(APPEND _seats "${_fam}@${_shape}")
  endforeach()
  set(${out} "${_seats}" PARENT_SCOPE)
endfunction()

# p_requires_hold(<out> <requires> <features>): is a requires= expression true for the feature list?
function(p_requires_hold out expr features)
  set(${out} TRUE PARENT_SCOPE)
  string(REPLACE "," ";" _groups "${expr}")
  foreach(_group IN LISTS _groups)
    string(REPLACE "|" ";" _alts "${_group}")
    set(_any FALSE)
    foreach(_alt IN LISTS _alts)
      if(_alt IN_LIST features)
        set(_any TRUE)
      endif()
    endforeach()
    if(NOT _any)
      set(${out} FALSE PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

# p_box_features(<out>): this box's features, as `tune box` prints them.
function(p_box_features out)
  e2e_run(box COMMAND "${P_TOOL}" box)
  string(REGEX MATCH "features  ([^\n]*)" _ "${E2E_OUTPUT}")
  string(REPLACE " " ";" _features "${CMAKE_MATCH_1}")
  set(${out} "${_features}" PARENT_SCOPE)
endfunction()

# p_removals(<out> <class> <box features>): a TUNE_FORCE_FEATURES value of removals only (what a
# DISPATCH binary honours) that leaves this box exactly <class> with the x86-64 baseline (sse4.2,
# avx); <out>_FEATURES is what is left. Empty when the box lacks a feature of <class>, which no
# removal can give it.
function(p_removals out cls box_features)
  set(${out} "" PARENT_SCOPE)
  set(${out}_FEATURES "" PARENT_SCOPE)
  foreach(_f IN LISTS P_CLASS_${cls})
    if(NOT _f IN_LIST box_features)
      message(STATUS "this box lacks ${_f}, so it cannot stand for ${cls}")
      return()
    endif()
  endforeach()
  set(_left sse4.2 avx ${P_CLASS_${cls}})
  set(_spec "")
  foreach(_f IN LISTS P_ALL_X86)
    if(NOT _f IN_LIST _left)
      list(APPEND _spec "-${_f}")
    endif()
  endforeach()
  string(REPLACE ";" "," _spec "${_spec}")
  set(${out} "${_spec}" PARENT_SCOPE)
  set(${out}_FEATURES "${_left}" PARENT_SCOPE)
endfunction()

# p_profile(<dir> <class> <version> <features> <family>=<suffix>...): a hand-written profile.
function(p_profile dir cls version features)
  set(_kernels "{}")
  foreach(_pair IN LISTS ARGN)
    string(REPLACE "=" ";" _kv "${_pair}")
    list(GET _kv 0 _k)
    list(GET _kv 1 _v)
    string(JSON _kernels SET "${_kernels}" "${_k}" "\"${_v}\"")
  endforeach()
  file(WRITE "${dir}/${cls}.tune-defaults.json" "{\"format\": \"tune-profile/1\", \"scope\": \"p\", \"class\": \"${cls}\",
  \"version\": ${version}, \"kernels\": ${_kernels}, \"provenance\": {\"features\": \"${features}\", \"noise\": \"ok\"}}\n")
endfunction()

# p_stamp(<step> <manifest> [MAY_FAIL] [ENV <NAME=value>...]): one run of the stamp step.
function(p_stamp step manifest)
  cmake_parse_arguments(PARSE_ARGV 2 arg "MAY_FAIL;ALWAYS" "" "ENV")
  set(_mode --when-needed)
  if(arg_ALWAYS)
    set(_mode "")
  endif()
  set(_cmd "${CMAKE_COMMAND}" -E env ${arg_ENV} "${P_TOOL}" mint ${_mode} --manifest "${manifest}")
  if(arg_MAY_FAIL)
    e2e_run(${step} MAY_FAIL COMMAND ${_cmd})
  else()
    e2e_run(${step} COMMAND ${_cmd})
  endif()
  set(E2E_RC "${E2E_RC}" PARENT_SCOPE)
  set(E2E_OUTPUT "${E2E_OUTPUT}" PARENT_SCOPE)
endfunction()

# p_expect_seat(<state dir> <family> <suffix> <source>): what stamp.json records.
function(p_expect_seat state family suffix source)
  e2e_read(_record "${state}/stamp.json")
  e2e_json(_suffix "${_record}" families ${family} suffix)
  e2e_json(_source "${_record}" families ${family} source)
  e2e_expect_equal("stamped row of ${family}" "${_suffix}" "${suffix}")
  e2e_expect_equal("stamp source of ${family}" "${_source}" "${source}")
endfunction()

# p_manifest_variant(<out> <manifest> <dir> [<key> <json value>]...): a copy of the manifest whose
# stamp writes under <dir>, with the given members replaced.
function(p_manifest_variant out manifest dir)
  file(READ "${manifest}" _json)
  file(MAKE_DIRECTORY "${dir}")
  string(JSON _json SET "${_json}" state_dir "\"${dir}\"")
  string(JSON _json SET "${_json}" stamp_dir "\"${dir}/kernels\"")
  set(_args ${ARGN})
  while(_args)
    list(POP_FRONT _args _key _value)
    string(JSON _json SET "${_json}" ${_key} "${_value}")
  endwhile()
  file(WRITE "${dir}/manifest.json" "${_json}")
  set(${out} "${dir}/manifest.json" PARENT_SCOPE)
endfunction()

# p_configure_project(<bin> <profiles dir>): configures and builds the test project without
# measuring (TUNE_POLICY=fallback), RelWithDebInfo: optimized, not a release.
function(p_configure_project bin profiles)
  e2e_configure(configure "${CMAKE_CURRENT_LIST_DIR}/project" "${bin}" Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
    "-DPROFILES_DIR=${profiles}")
  e2e_build(build "${bin}" ENV TUNE_POLICY=fallback)
endfunction()
