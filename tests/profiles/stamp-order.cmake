# The stamp order without measuring: sidecar → profile ladder → fallback → reference, with the
# runnable-here check on every seat; version pins; TUNE_TARGET_CLASS; the release rules that
# refuse a cross-class release; tune::status() in the built program.
include("${CMAKE_CURRENT_LIST_DIR}/ProfilesLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
set(profiles "${WORK_DIR}/profiles")
set(state "${bin}/tune/p")
set(manifest "${state}/manifest.json")
file(MAKE_DIRECTORY "${profiles}")
p_force(avx2_box x86-avx2)
set(avx512_features "avx2;avx512bw;avx512cd;avx512dq;avx512f;avx512vl;bmi2;f16c;fma")

# A profile minted on a richer member of x86-avx2 seats vec on an AVX-512 row: not runnable on an
# x86-avx2 box, so vec falls to the next profile on the ladder; pair takes the x86-avx2 seat.
p_profile("${profiles}" x86-avx2 2 "${avx512_features}" vec=unroll1_avx512 pair=copyb)
p_profile("${profiles}" x86-base 2 "" vec=unroll1_base)
p_configure_project("${bin}" "${profiles}")

p_stamp(richer-profile "${manifest}" ENV TUNE_POLICY=fallback "TUNE_FORCE_FEATURES=${avx2_box}")
p_expect_seat("${state}" vec unroll1_base "profile x86-base")
p_expect_seat("${state}" pair copyb "profile x86-avx2")
e2e_read(header "${bin}/tune/include/tune/kernels/vec.h")
e2e_expect_contains("vec.h" "${header}" "vec = unroll1_base (source: profile x86-base)")
e2e_read(record "${state}/stamp.json")
e2e_expect_contains("explain steps" "${record}" "profile x86-avx2: row unroll1_avx512 cannot run here")

# Without the lower rung, vec falls to its fallback chain's first runnable row.
file(REMOVE "${profiles}/x86-base.tune-defaults.json")
p_stamp(no-lower-rung "${manifest}" ENV TUNE_POLICY=fallback "TUNE_FORCE_FEATURES=${avx2_box}")
p_expect_seat("${state}" vec unroll2_avx2 fallback)
p_expect_seat("${state}" pair copyb "profile x86-avx2")

# A profile minted for another VERSION of the scope is not used.
p_profile("${profiles}" x86-avx2 1 "${avx512_features}" vec=unroll1_avx2 pair=copyb)
p_stamp(version-pin "${manifest}" ENV TUNE_POLICY=fallback "TUNE_FORCE_FEATURES=${avx2_box}")
p_expect_seat("${state}" pair copya fallback)
e2e_read(record "${state}/stamp.json")
e2e_expect_contains("explain steps" "${record}" "profile x86-avx2: ${profiles}/x86-avx2.tune-defaults.json was minted for VERSION 1, scope p is VERSION 2")

# TUNE_TARGET_CLASS=x86-base on this (richer) box: the x86-base profile names AVX rows, and the
# build box could run them; neither counts. Nothing is measured, even under auto.
p_profile("${profiles}" x86-base 2 "" vec=unroll1_avx2 pair=copyb)
p_manifest_variant(cross "${manifest}" "${WORK_DIR}/cross" target_class "\"x86-base\"")
p_stamp(target-class "${cross}")
p_expect_seat("${WORK_DIR}/cross" vec unroll2_base fallback)
p_expect_seat("${WORK_DIR}/cross" pair copyb "profile x86-base")
e2e_expect_not_contains("target-class build (must not measure)" "${E2E_OUTPUT}" "@tune")
e2e_read(record "${WORK_DIR}/cross/stamp.json")
e2e_expect_not_contains("a TUNE_TARGET_CLASS=x86-base stamp" "${record}" "\"suffix\": \"unroll1_avx")
# What status suggests there is a command that works in such a tree: lift the class, then tune.
e2e_run(target-class-status COMMAND "${P_TOOL}" status --manifest "${cross}")
e2e_expect_contains("status of a TUNE_TARGET_CLASS tree suggests a command that works there" "${E2E_OUTPUT}"
  "-UTUNE_TARGET_CLASS && cmake --build ")
p_stamp(target-class-tune "${cross}" ALWAYS MAY_FAIL)
e2e_expect_equal("exit code of `tune mint` for another class" "${E2E_RC}" 1)
e2e_expect_contains("`tune mint` for another class" "${E2E_OUTPUT}"
  "TUNE_TARGET_CLASS=x86-base: this build is for another CPU class and measures nothing")

# A release for another class cannot be measured here: it fails instead of shipping guesses.
p_manifest_variant(cross_release "${manifest}" "${WORK_DIR}/cross-release" target_class "\"x86-base\"" release true)
p_stamp(target-class-release "${cross_release}" MAY_FAIL)
e2e_expect_equal("exit code of a cross-class release" "${E2E_RC}" 1)
e2e_unwrap(out "${E2E_OUTPUT}")
e2e_expect_contains("a cross-class release" "${out}"
  "error: cmake-tune: release build (TUNE_RELEASE=ON) of scope p for TUNE_TARGET_CLASS=x86-base")

# An explicit TUNE_MANIFEST that is not fresh warns once for the scope.
p_stamp(manifest-env "${manifest}" ENV TUNE_POLICY=fallback "TUNE_MANIFEST=${WORK_DIR}/elsewhere.tune.json")
e2e_expect_contains("TUNE_MANIFEST not fresh" "${E2E_OUTPUT}"
  "warning: cmake-tune: TUNE_MANIFEST=${WORK_DIR}/elsewhere.tune.json reads absent for scope p")

# The program reports its seats at run time (tune/status.h), from the headers it was built with.
p_profile("${profiles}" x86-vnni512 2 "${avx512_features};avx512vnni" vec=unroll2_avx2 pair=copyb)
p_profile("${profiles}" x86-avx2 2 "avx2;bmi2;f16c;fma" vec=unroll2_avx2 pair=copyb)
e2e_build(rebuild "${bin}" ENV TUNE_POLICY=fallback "TUNE_FORCE_FEATURES=${avx2_box}")
e2e_run(run-app COMMAND "${bin}/app")
e2e_expect_contains("app output" "${E2E_OUTPUT}" "vec=1000 pair=1000")
e2e_expect_contains("app status" "${E2E_OUTPUT}" "app: 2/2 kernels tuned for this box")
e2e_expect_matches("app status" "${E2E_OUTPUT}" "vec +unroll2_avx2 +profile x86-avx2")
e2e_finish()
