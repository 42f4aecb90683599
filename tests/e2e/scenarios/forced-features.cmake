# Features are part of the box (docs/sidecar.md "When a sidecar counts — verdicts"): a mint under TUNE_FORCE_FEATURES records
# the features it measured with and the forcing; on the same box without it the sidecar is
# foreign_box, the verdict names both feature sets, and the next build under auto re-mints.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../E2eProject.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
set(sidecar "${bin}/e2e.tune.json")
set(tool "${PREFIX}/bin/tune")

# The first feature this box has: forcing it off gives another feature set on any box.
e2e_first_feature(feature "${tool}")

e2e_configure(configure "${E2E_PROJECT}" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release)
e2e_build(build-forced "${bin}" ENV "TUNE_FORCE_FEATURES=-${feature}")
e2e_expect_contains("the forced build mints" "${E2E_OUTPUT}" "${E2E_MINT_SUMMARY}")
e2e_read(json "${sidecar}")
e2e_json(forced "${json}" provenance forced_features)
e2e_expect_equal("provenance.forced_features" "${forced}" "-${feature}")
e2e_json(measured_with "${json}" provenance features)
e2e_expect_not_contains("the features measured with lack the forced one" ";${measured_with};" ";${feature};")

set(ENV{TUNE_FORCE_FEATURES} "-${feature}")
e2e_run(verdict-still-forced COMMAND "${tool}" verdict --build-dir "${bin}")
unset(ENV{TUNE_FORCE_FEATURES})
e2e_expect_contains("under the same forcing the sidecar is fresh" "${E2E_OUTPUT}" "e2e: fresh")

e2e_run(verdict MAY_FAIL COMMAND "${tool}" verdict --build-dir "${bin}")
e2e_unwrap(out "${E2E_OUTPUT}")
e2e_expect_contains("without the forcing it is foreign_box" "${out}" "e2e: foreign_box: sidecar")
e2e_expect_matches("naming the box and the features measured with and the forcing" "${out}"
  "was measured on box \"[^\"]+\" with features \"${measured_with}\" \\(TUNE_FORCE_FEATURES=-${feature}\\), but this box's features are")
e2e_expect_matches("naming the features now" "${out}" "this box's features are \"[^\"]*${feature}[^\"]*\"")
e2e_expect_equal("tune verdict exits 3 when a scope is not fresh" "${E2E_RC}" 3)

# The environment is no file of the build graph: the stamp step runs again once the sidecar (or
# the bench) changes, as after any mint elsewhere.
file(TOUCH "${sidecar}")
e2e_build(build "${bin}")
e2e_expect_contains("the next build re-mints, saying why" "${E2E_OUTPUT}" "foreign_box: sidecar")
e2e_expect_contains("the next build re-mints" "${E2E_OUTPUT}" "${E2E_MINT_SUMMARY}")
e2e_read(json "${sidecar}")
e2e_json(forced "${json}" provenance forced_features)
e2e_expect_equal("provenance.forced_features after the re-mint" "${forced}" "")
e2e_run(verdict-after COMMAND "${tool}" verdict --build-dir "${bin}")
e2e_expect_contains("fresh again" "${E2E_OUTPUT}" "e2e: fresh")
e2e_finish()
