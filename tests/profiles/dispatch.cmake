# DISPATCH (tune_link(app_dispatch vec pair DISPATCH)): one binary, built once, bound at load time to
# each class's profile seat. Run under TUNE_FORCE_FEATURES removals for every class this box can
# stand for, and with an OS that does not save AVX-512 state (the fake-CPUID seam): the bound row is
# that class's profile seat, or its ladder's next, or the fallback chain's first runnable row; it
# never needs a feature the CPU lacks; tune::status() says which and why. Then a mint on this box:
# the box that measured gets the measured seat.
include("${CMAKE_CURRENT_LIST_DIR}/ProfilesLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
set(profiles "${WORK_DIR}/profiles")
file(MAKE_DIRECTORY "${profiles}")
p_profile("${profiles}" x86-vnni512 2 "" vec=unroll2_avx512 pair=copyb)
p_profile("${profiles}" x86-avx2 2 "" vec=unroll1_avx2 pair=copya)
# A hostile rung: the x86-base profile seats vec on an AVX2 row, which an x86-base CPU passes over.
p_profile("${profiles}" x86-base 2 "" vec=unroll1_avx2)
p_configure_project("${bin}" "${profiles}")

e2e_read(manifest "${bin}/tune/p/manifest.json")
# requires= of each row of vec, from the manifest: <suffix>=<expr>.
string(JSON _families GET "${manifest}" families)
string(JSON _vec GET "${_families}" 0)
string(JSON _rows GET "${_vec}" rows)
string(JSON _n LENGTH "${_rows}")
math(EXPR _last "${_n} - 1")
foreach(_i RANGE ${_last})
  string(JSON _suffix GET "${_rows}" ${_i} suffix)
  string(JSON _requires GET "${_rows}" ${_i} requires)
  set(requires_${_suffix} "${_requires}")
endforeach()

# The features this box has: a class is emulated only by taking features away.
p_box_features(box_features)

# For each class: the row and source expected of vec and of pair.
set(vec_x86-vnni512 "unroll2_avx512 profile x86-vnni512")
set(pair_x86-vnni512 "copyb profile x86-vnni512")
set(vec_x86-avx512 "unroll1_avx2 profile x86-avx2")
set(pair_x86-avx512 "copya profile x86-avx2")
set(vec_x86-avx2 "unroll1_avx2 profile x86-avx2")
set(pair_x86-avx2 "copya profile x86-avx2")
set(vec_x86-base "unroll2_base fallback")
set(pair_x86-base "copya fallback")
set(checked 0)
foreach(cls x86-vnni512 x86-avx512 x86-avx2 x86-base)
  p_removals(remove "${cls}" "${box_features}")
  if(remove_FEATURES STREQUAL "")
    continue()
  endif()
  e2e_run(run-${cls} COMMAND "${CMAKE_COMMAND}" -E env "TUNE_FORCE_FEATURES=${remove}" "${bin}/app_dispatch")
  e2e_expect_contains("app_dispatch as ${cls} computes" "${E2E_OUTPUT}" "vec=1000 pair=1000")
  e2e_expect_contains("vec as ${cls}" "${E2E_OUTPUT}" "bound vec ${vec_${cls}}|${cls}\n")
  e2e_expect_contains("pair as ${cls}" "${E2E_OUTPUT}" "bound pair ${pair_${cls}}|${cls}\n")
  # The bound row never needs a feature this class lacks.
  string(REGEX MATCH "bound vec ([a-z0-9_]+) " _ "${E2E_OUTPUT}")
  set(bound "${CMAKE_MATCH_1}")
  p_requires_hold(ok "${requires_${bound}}" "${remove_FEATURES}")
  if(NOT ok)
    e2e_fail("app_dispatch as ${cls} bound vec to ${bound}, which requires ${requires_${bound}}")
  endif()
  math(EXPR checked "${checked} + 1")
endforeach()
if(checked EQUAL 0)
  e2e_fail("this box stands for none of the classes; the test checked nothing")
endif()

# An AVX-512 CPU whose OS saves only the SSE and AVX state (XCR0 = 0x7) is an x86-avx2 box, or an
# x86-vnni256 one with AVX-VNNI (whose ladder goes on to x86-avx2).
if("avx512f" IN_LIST box_features)
  set(cls x86-avx2)
  if("avxvnni" IN_LIST box_features)
    set(cls x86-vnni256)
  endif()
  e2e_run(os-without-avx512-state COMMAND "${CMAKE_COMMAND}" -E env APP_FAKE_XCR0=7 "${bin}/app_dispatch")
  e2e_expect_contains("no AVX-512 state: vec" "${E2E_OUTPUT}" "bound vec unroll1_avx2 profile x86-avx2|${cls}\n")
  e2e_expect_contains("no AVX-512 state: pair" "${E2E_OUTPUT}" "bound pair copya profile x86-avx2|${cls}\n")
endif()

# A mint on this box: the box that measured gets the measured seat, whatever the profiles say.
e2e_build(mint "${bin}" TARGET tune)
e2e_build(rebuild "${bin}")
e2e_read(sidecar "${bin}/profiles.tune.json")
e2e_json(vec_measured "${sidecar}" kernels vec)
e2e_run(run-minting-box COMMAND "${bin}/app_dispatch")
e2e_expect_contains("the minting box runs its measured seat" "${E2E_OUTPUT}" "bound vec ${vec_measured} sidecar|")

# tune profile export --class: this box's sidecar is its own class's, not x86-avx2's, and the refusal
# names the features to take away; minted as x86-avx2, it exports that class's profile.
set(manifest_file "${bin}/tune/p/manifest.json")
set(exported "${WORK_DIR}/exported.tune-defaults.json")
e2e_run(export-unknown-class MAY_FAIL COMMAND "${P_TOOL}" profile export --manifest "${manifest_file}" --class x86-avx3
  --out "${exported}")
if(E2E_RC EQUAL 0)
  e2e_fail("tune profile export --class x86-avx3 succeeded")
endif()
e2e_expect_contains("--class x86-avx3 names the known classes" "${E2E_OUTPUT}" "unknown CPU class \"x86-avx3\"")
if("avx512f" IN_LIST box_features)
  e2e_run(export-other-class MAY_FAIL COMMAND "${P_TOOL}" profile export --manifest "${manifest_file}" --class x86-avx2
    --out "${exported}")
  e2e_expect_equal("export --class x86-avx2 of this box's sidecar fails" "${E2E_RC}" "1")
  e2e_expect_contains("and says why" "${E2E_OUTPUT}" "the sidecar is other-class: it was minted as ")
  e2e_expect_contains("and what to take away" "${E2E_OUTPUT}" "Mint it as x86-avx2 first, and export under the same variable: TUNE_FORCE_FEATURES=")
  e2e_expect_absent("${exported}")
  p_removals(as_avx2 x86-avx2 "${box_features}")
  e2e_build(mint-as-avx2 "${bin}" TARGET tune ENV "TUNE_FORCE_FEATURES=${as_avx2}")
  e2e_run(export-as-avx2 MAY_FAIL COMMAND "${CMAKE_COMMAND}" -E env "TUNE_FORCE_FEATURES=${as_avx2}" "${P_TOOL}" profile
    export --manifest "${manifest_file}" --class x86-avx2 --out "${exported}")
  if(E2E_OUTPUT MATCHES "the sidecar is noise-refused")
    # The machine was too loud for a profile (TUNE_NOISE_OVERRIDE let the mint through): nothing to check.
    message(STATUS "dispatch: the x86-avx2 mint was noisy; its export is refused as it must be")
  else()
    e2e_expect_equal("export --class x86-avx2 of the x86-avx2 mint" "${E2E_RC}" "0")
    e2e_read(profile "${exported}")
    e2e_json(cls "${profile}" class)
    e2e_expect_equal("the exported profile's class" "${cls}" x86-avx2)
    e2e_json(vec_seat "${profile}" kernels vec)
    p_requires_hold(ok "${requires_${vec_seat}}" "${as_avx2_FEATURES}")
    if(NOT ok)
      e2e_fail("the x86-avx2 profile seats vec on ${vec_seat}, which requires ${requires_${vec_seat}}")
    endif()
  endif()
endif()

# Every candidate of vec is in the binary; the plain app holds only its stamp.
e2e_symbols(syms "${bin}/app_dispatch")
foreach(row unroll2_avx512 unroll1_avx2 unroll2_base)
  e2e_expect_contains("app_dispatch carries vec__${row}" "${syms}" " vec__${row}(")
endforeach()
e2e_finish()
