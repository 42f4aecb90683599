# Ninja Multi-Config keeps one sidecar and one set of stamps per configuration. Release mints
# into e2e.Release.tune.json; Debug (unoptimized: policy fallback) stamps without measuring and
# leaves the Release sidecar alone.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../E2eProject.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
set(release_sidecar "${bin}/e2e.Release.tune.json")
e2e_configure(configure "${E2E_PROJECT}" "${bin}" "Ninja Multi-Config")
e2e_build(build-release "${bin}" CONFIG Release)
e2e_expect_minted("${E2E_OUTPUT}" "${release_sidecar}" "${bin}/tune/Release/include" "${bin}/Release/app")
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
e2e_finish()
