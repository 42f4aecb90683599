# TUNE_TARGET_RUNNER (docs/cmake-api.md "A runner on the target"): the bench races on the machine
# the runner reaches, and that machine is the box every verdict judges. The runner here
# (tests/e2e/runner/copying-runner.sh) copies the bench and its files elsewhere, as adb or scp would,
# and its "machine" lacks a feature this box has (RUNNER_FORCE), so a tool that judged this box
# instead of the runner's finds the sidecar foreign_box.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../E2eProject.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
set(sidecar "${bin}/e2e.tune.json")
set(tool "${PREFIX}/bin/tune")
set(runner "${E2E_DIR}/runner/copying-runner.sh")
set(log "${WORK_DIR}/runner.log")

e2e_first_feature(feature "${tool}")
set(ENV{RUNNER_ROOT} "${WORK_DIR}/target")
set(ENV{RUNNER_LOG} "${log}")
set(ENV{RUNNER_FORCE} "-${feature}")

e2e_configure(configure "${E2E_PROJECT}" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release "-DTUNE_TARGET_RUNNER=${runner}")
e2e_build(build "${bin}")
e2e_expect_contains("the build mints through the runner" "${E2E_OUTPUT}"
  "cmake-tune: tuning scope e2e on the machine of the runner ${runner}:")
e2e_expect_contains("the build mints" "${E2E_OUTPUT}" "${E2E_MINT_SUMMARY}")
e2e_read(calls "${log}")
e2e_expect_matches("the runner was asked for its box" "${calls}" "[^\n]*/tune/e2e/bench box\n")
e2e_expect_matches("the runner ran the race" "${calls}"
  "[^\n]*/tune/e2e/bench race --request [^ ]*/race-request.json --out [^ ]*/race-result.json\n")
# Measured on the runner's machine: its features, its forcing.
e2e_read(json "${sidecar}")
e2e_json(measured_with "${json}" provenance features)
e2e_expect_not_contains("the features measured with are the runner's" ";${measured_with};" ";${feature};")
e2e_json(forced "${json}" provenance forced_features)
e2e_expect_equal("provenance.forced_features: the runner's" "${forced}" "-${feature}")
e2e_expect_stamp("${bin}/tune/include" planted passes1 sidecar)
e2e_expect_app_runs("${bin}/app")

# The verdict is the runner's machine's: fresh there, though this box has the feature.
e2e_run(verdict COMMAND "${tool}" verdict --build-dir "${bin}")
e2e_expect_contains("tune verdict through the runner" "${E2E_OUTPUT}" "e2e: fresh")
e2e_run(status COMMAND "${tool}" status --build-dir "${bin}")
e2e_expect_matches("tune status names the runner's machine" "${E2E_OUTPUT}"
  "target: x86_64, bench through the runner [^\n]*copying-runner.sh \\(TUNE_TARGET_RUNNER\\) on box [^\n]+, class ")
# The same build without the runner's forcing is another machine: the sidecar is foreign there.
unset(ENV{RUNNER_FORCE})
e2e_run(verdict-other-machine MAY_FAIL COMMAND "${tool}" verdict --build-dir "${bin}")
e2e_expect_contains("another machine behind the runner" "${E2E_OUTPUT}" "e2e: foreign_box")
set(ENV{RUNNER_FORCE} "-${feature}")

# The tune-test target's gate runs through the runner too.
file(WRITE "${log}" "")
e2e_build(tune-test "${bin}" TARGET tune-test)
e2e_read(calls "${log}")
e2e_expect_matches("tune-test through the runner" "${calls}" "[^\n]*/tune/e2e/bench test\n")

# A runner that fails says which, and what it printed.
set(failing "${WORK_DIR}/unreachable-board")
file(WRITE "${failing}" "#!/bin/sh\necho 'ssh: connect to host board port 22: Connection refused' >&2\nexit 255\n")
file(CHMOD "${failing}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
e2e_configure(configure-failing "${E2E_PROJECT}" "${bin}" Ninja "-DTUNE_TARGET_RUNNER=${failing}")
e2e_run(verdict-failing MAY_FAIL COMMAND "${tool}" verdict --build-dir "${bin}")
e2e_expect_equal("tune verdict with a runner that fails" "${E2E_RC}" 1)
e2e_unwrap(out "${E2E_OUTPUT}")
e2e_expect_matches("naming the runner, the exit code and what it printed" "${out}"
  "scope e2e: the runner [^ ]*unreachable-board \\(TUNE_TARGET_RUNNER\\) failed to run `[^`]*/bench box` on the "
  "target \\(exit 255\\); it printed: ssh: connect to host board port 22: Connection refused; check that")
e2e_finish()
