# A sidecar measured on another box counts for nothing here. After one mint, provenance.box is
# rewritten to another identity; then under TUNE_POLICY (environment):
#   warn       the build succeeds, names both identities, stamps and links the fallbacks;
#   error      the build fails with the same reason;
#   reference  the build stamps and links the reference rows.
# The policy lives in the environment, not in the build graph, so before each policy the
# sidecar is touched: that is what makes the stamp step run again.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../E2eProject.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
set(sidecar "${bin}/e2e.tune.json")
set(include "${bin}/tune/include")
e2e_configure(configure "${E2E_PROJECT}" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release)
e2e_build(build "${bin}")
e2e_expect_minted("${E2E_OUTPUT}" "${sidecar}" "${include}" "${bin}/app")

e2e_read(json "${sidecar}")
e2e_json(this_box "${json}" provenance box)
set(foreign_box "linux|x86_64|E2E Foreign CPU 9000|family 1 model 2 stepping 3|1.0")
string(JSON json SET "${json}" provenance box "\"${foreign_box}\"")
file(WRITE "${sidecar}" "${json}")
set(reason "was measured on box \"${foreign_box}\", not on this box \"${this_box}\"")

e2e_build(policy-warn "${bin}" MAY_FAIL ENV TUNE_POLICY=warn)
e2e_expect_equal("exit code of the build under TUNE_POLICY=warn" "${E2E_RC}" 0)
e2e_expect_contains("build under TUNE_POLICY=warn" "${E2E_OUTPUT}" "warning: cmake-tune: scope e2e is not tuned for this box")
e2e_expect_contains("build under TUNE_POLICY=warn (both identities)" "${E2E_OUTPUT}" "${reason}")
e2e_expect_not_contains("build under TUNE_POLICY=warn (must not measure)" "${E2E_OUTPUT}" "${E2E_MINT_SUMMARY}")
e2e_expect_stamp("${include}" planted passes4 fallback)
e2e_expect_stamp("${include}" twins copya fallback)
e2e_expect_linked("${bin}/app" passes4 copya)
e2e_expect_app_runs("${bin}/app")

file(TOUCH "${sidecar}")
e2e_build(policy-error "${bin}" MAY_FAIL ENV TUNE_POLICY=error)
if(E2E_RC EQUAL 0)
  e2e_fail("the build under TUNE_POLICY=error with a foreign sidecar succeeded; it must fail")
endif()
e2e_expect_contains("build under TUNE_POLICY=error" "${E2E_OUTPUT}" "error: cmake-tune: scope e2e is not tuned for this box")
e2e_expect_contains("build under TUNE_POLICY=error (both identities)" "${E2E_OUTPUT}" "${reason}")
e2e_expect_contains("build under TUNE_POLICY=error" "${E2E_OUTPUT}" "TUNE_POLICY=error fails the build")

file(TOUCH "${sidecar}")
e2e_build(policy-reference "${bin}" MAY_FAIL ENV TUNE_POLICY=reference)
e2e_expect_equal("exit code of the build under TUNE_POLICY=reference" "${E2E_RC}" 0)
e2e_expect_not_contains("build under TUNE_POLICY=reference (must not measure)" "${E2E_OUTPUT}" "${E2E_MINT_SUMMARY}")
e2e_expect_stamp("${include}" planted passes2 reference)
e2e_expect_stamp("${include}" twins copya reference)
e2e_expect_linked("${bin}/app" passes2 copya)
e2e_expect_app_runs("${bin}/app")

e2e_read(json "${sidecar}")
e2e_json(box_after "${json}" provenance box)
e2e_expect_equal("provenance.box after builds that must not mint" "${box_after}" "${foreign_box}")
e2e_finish()
