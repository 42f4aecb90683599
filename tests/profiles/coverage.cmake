# Under auto: a box its profiles cover completely measures nothing and writes no sidecar; a box
# that unlocks rows the profile's box could not run races exactly those families.
include("${CMAKE_CURRENT_LIST_DIR}/ProfilesLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
set(profiles "${WORK_DIR}/profiles")
set(state "${bin}/tune/p")
set(manifest "${state}/manifest.json")
set(sidecar "${bin}/profiles.tune.json")
file(MAKE_DIRECTORY "${profiles}")
p_profile("${profiles}" x86-base 2 "" vec=unroll2_base pair=copyb)
p_configure_project("${bin}" "${profiles}")

p_force(base_box x86-base)
p_stamp(covered "${manifest}" ENV "TUNE_FORCE_FEATURES=${base_box}")
e2e_expect_not_contains("a covered box (must not measure)" "${E2E_OUTPUT}" "@tune")
e2e_expect_absent("${sidecar}")
p_expect_seat("${state}" vec unroll2_base "profile x86-base")
p_expect_seat("${state}" pair copyb "profile x86-base")

# An x86-avx2 box unlocks vec's AVX2 rows, which the x86-base profile's box could not run: vec is
# raced, pair is adopted.
p_force(avx2_box x86-avx2)
p_stamp(unlocked "${manifest}" ENV "TUNE_FORCE_FEATURES=${avx2_box}")
e2e_expect_contains("event stream" "${E2E_OUTPUT}" "@tune begin name=vec")
e2e_expect_not_contains("event stream (pair is adopted)" "${E2E_OUTPUT}" "@tune begin name=pair")
e2e_read(json "${sidecar}")
e2e_json(v "${json}" race pair verdict)
e2e_expect_equal("sidecar race.pair.verdict" "${v}" adopted)
e2e_json(v "${json}" kernels pair)
e2e_expect_equal("sidecar kernels.pair" "${v}" copyb)
e2e_json(v "${json}" race vec rows unroll1_avx512 rejected)
e2e_expect_matches("sidecar race.vec.rows.unroll1_avx512" "${v}" "requires")
# Fresh, but pair runs a seat adopted from the profile, not a winner measured here: --check says 4,
# and --json says which family.
set(as_avx2 "${CMAKE_COMMAND}" -E env "TUNE_FORCE_FEATURES=${avx2_box}" "${P_TOOL}" status --build-dir "${bin}")
e2e_run(check-adopted MAY_FAIL COMMAND ${as_avx2} --check)
e2e_expect_equal("status --check with pair adopted" "${E2E_RC}" 4)
e2e_run(status-json COMMAND ${as_avx2} --json)
e2e_json(v "${E2E_OUTPUT}" scopes 0 verdict)
e2e_expect_equal("status --json verdict" "${v}" fresh)
e2e_json(v "${E2E_OUTPUT}" scopes 0 families pair measured_here)
e2e_expect_equal("status --json pair measured_here" "${v}" OFF)
e2e_json(v "${E2E_OUTPUT}" scopes 0 families vec measured_here)
e2e_expect_equal("status --json vec measured_here" "${v}" ON)

# tune_install_sidecar: the sidecar lands beside the installed program, newer than it.
e2e_wait_past_second()
e2e_run(install COMMAND "${CMAKE_COMMAND}" --install "${bin}" --prefix "${WORK_DIR}/installed")
e2e_expect_exists("${WORK_DIR}/installed/bin/app.tune.json")
file(READ "${WORK_DIR}/installed/bin/app.tune.json" installed)
e2e_expect_equal("the installed sidecar" "${installed}" "${json}")
if(NOT "${WORK_DIR}/installed/bin/app.tune.json" IS_NEWER_THAN "${WORK_DIR}/installed/bin/app")
  e2e_fail("the installed sidecar is not newer than the installed app")
endif()
e2e_finish()
