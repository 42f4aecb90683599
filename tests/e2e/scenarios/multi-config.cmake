# Ninja Multi-Config is first-class (docs/cmake-api.md "The build graph", point 7): one sidecar, one
# set of stamps and one installed sidecar per configuration, each matching what that
# configuration's program runs. Release gets release rules (it mints); Debug (unoptimized:
# policy fallback) stamps without measuring and leaves the Release sidecar alone; the CLI takes
# --config, refuses to guess between configurations, and suggests commands with --config.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../E2eProject.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
set(release_sidecar "${bin}/e2e.Release.tune.json")
# RelWithDebInfo under release rules too, by TUNE_RELEASE_<CONFIG>.
e2e_configure(configure "${E2E_PROJECT}" "${bin}" "Ninja Multi-Config" -DTUNE_RELEASE_RELWITHDEBINFO=ON)

foreach(pair Release:ON Debug:OFF RelWithDebInfo:ON)
  string(REPLACE ":" ";" pair "${pair}")
  list(GET pair 0 config)
  list(GET pair 1 release)
  e2e_read(manifest "${bin}/tune/${config}/e2e/manifest.json")
  e2e_json(value "${manifest}" release)
  e2e_expect_equal("${config}: release rules" "${value}" "${release}")
  e2e_json(value "${manifest}" config)
  e2e_expect_equal("${config}: the manifest's configuration" "${value}" "${config}")
endforeach()

e2e_build(build-release "${bin}" CONFIG Release)
e2e_expect_minted("${E2E_OUTPUT}" "${release_sidecar}" "${bin}/tune/Release/include" "${bin}/Release/app")
e2e_expect_contains("Release mints under release rules" "${E2E_OUTPUT}" "because a release build (TUNE_RELEASE=ON)")
e2e_expect_absent("${bin}/e2e.tune.json")

e2e_mtimes(release_before "${release_sidecar}")
e2e_wait_past_second()
e2e_build(build-debug "${bin}" CONFIG Debug)
e2e_expect_not_contains("Debug build (unoptimized: must not measure)" "${E2E_OUTPUT}" "tuning scope")
e2e_expect_absent("${bin}/e2e.Debug.tune.json")
e2e_expect_stamp("${bin}/tune/Debug/include" planted passes4 fallback)
e2e_expect_stamp("${bin}/tune/Debug/include" twins copya fallback)
e2e_expect_stamp("${bin}/tune/Release/include" planted passes1 sidecar)
e2e_expect_linked("${bin}/Debug/app" passes4 copya)
e2e_expect_app_runs("${bin}/Debug/app")
e2e_mtimes(release_after "${release_sidecar}")
e2e_expect_same_mtimes("the Debug build (Release's sidecar)" "${release_before}" "${release_after}")

# The CLI: no guessing between configurations; a column when several are shown.
e2e_run(status-unspecified MAY_FAIL COMMAND "${E2E_TOOL}" status --build-dir "${bin}")
e2e_expect_equal("status without --config in a multi-config tree fails" "${E2E_RC}" 1)
e2e_expect_contains("and lists the configurations" "${E2E_OUTPUT}" "has the configurations")
e2e_expect_contains("and says what to pass" "${E2E_OUTPUT}" "pass --config <configuration> (or --config all)")
e2e_run(explain-unspecified MAY_FAIL COMMAND "${E2E_TOOL}" explain planted --build-dir "${bin}")
e2e_expect_equal("explain without --config in a multi-config tree fails" "${E2E_RC}" 1)
e2e_run(explain-debug COMMAND "${E2E_TOOL}" explain planted --build-dir "${bin}" --config Debug)
e2e_expect_contains("explain --config Debug" "${E2E_OUTPUT}" "stamped: passes4 (source: fallback)")
e2e_run(explain-release COMMAND "${E2E_TOOL}" explain planted --build-dir "${bin}" --config Release)
e2e_expect_contains("explain --config Release" "${E2E_OUTPUT}" "stamped: passes1 (source: sidecar, ")
e2e_run(status-debug COMMAND "${E2E_TOOL}" status --build-dir "${bin}" --config Debug)
# Debug is unoptimized: its status says so and suggests tuning the Release configuration instead.
e2e_expect_contains("status --config Debug says why not Debug" "${E2E_OUTPUT}"
  "configuration Debug builds without optimization")
e2e_expect_contains("status --config Debug suggests tuning Release" "${E2E_OUTPUT}"
  "cmake --build ${bin} --config Release --target tune-e2e")
if(E2E_OUTPUT MATCHES "\nconfig +scope")
  e2e_fail("status --config Debug shows one configuration: it must have no configuration column")
endif()
e2e_run(status-all COMMAND "${E2E_TOOL}" status --build-dir "${bin}" --config all)
e2e_expect_matches("several configurations: a column" "${E2E_OUTPUT}" "\nconfig +scope +family")
e2e_expect_matches("the Release row" "${E2E_OUTPUT}" "\nRelease +e2e +planted +passes1 +fresh ")
e2e_expect_matches("the Debug row" "${E2E_OUTPUT}" "\nDebug +e2e +planted +passes4 +absent ")
e2e_run(verdict-release COMMAND "${E2E_TOOL}" verdict --build-dir "${bin}" --config Release)
e2e_expect_contains("verdict --config Release" "${E2E_OUTPUT}" "e2e: fresh")
e2e_run(verdict-nosuch MAY_FAIL COMMAND "${E2E_TOOL}" verdict --build-dir "${bin}" --config Nosuch)
e2e_expect_contains("an unknown configuration is named" "${E2E_OUTPUT}" "--config Nosuch:")

# One report per configuration: Release's races, Debug's absent sidecar, neither overwriting the other.
e2e_build(report-release "${bin}" TARGET tune-report CONFIG Release)
e2e_build(report-debug "${bin}" TARGET tune-report CONFIG Debug)
e2e_read(report_release "${bin}/tune-report-Release.html")
e2e_read(report_debug "${bin}/tune-report-Debug.html")
e2e_expect_contains("Release's report has planted's chart" "${report_release}" "<g class=\"row seat\" data-row=\"passes1\">")
e2e_expect_contains("Release's report is of Release" "${report_release}" "<h2>scope e2e [Release]</h2>")
e2e_expect_contains("Debug's report says its sidecar is absent" "${report_debug}" "no race to show: the sidecar is absent")

# The installed sidecar is that configuration's, and matches what its program runs.
set(prefix "${WORK_DIR}/prefix")
e2e_run(install-release COMMAND "${CMAKE_COMMAND}" --install "${bin}" --config Release --prefix "${prefix}")
e2e_read(installed "${prefix}/bin/app.tune.json")
e2e_json(seat "${installed}" kernels planted)
e2e_expect_equal("the installed sidecar is Release's, as the Release app runs" "${seat}" passes1)
file(REMOVE "${prefix}/bin/app.tune.json")
e2e_run(install-debug COMMAND "${CMAKE_COMMAND}" --install "${bin}" --config Debug --prefix "${prefix}")
e2e_unwrap(out "${E2E_OUTPUT}")
e2e_expect_contains("Debug has no sidecar to install" "${out}" "no sidecar at ${bin}/e2e.Debug.tune.json")
e2e_expect_absent("${prefix}/bin/app.tune.json")
e2e_finish()
