# A family whose fallback or reference row fails (tests/e2e/bad-rows with -DBROKEN=...): the error
# names the family and the row and the build fails, while the scope's other families still mint.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")

e2e_configure(configure-fallback "${E2E_DIR}/bad-rows" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release -DBROKEN=fallback)
e2e_build(build-fallback "${bin}" MAY_FAIL TARGET tune)
e2e_expect_equal("a crashing fallback fails the mint" "${E2E_RC}" 1)
e2e_unwrap(output "${E2E_OUTPUT}")
e2e_expect_contains("the error names the family and the row" "${output}"
  "family broken: the fallback row kindgood fails the correctness gate against the reference kindbad (crash: killed by SIGSEGV)")
e2e_read(sidecar "${bin}/e2e_bad_rows.tune.json")
e2e_json(dot "${sidecar}" kernels dot)
e2e_expect_equal("the other families still mint" "${dot}" "kindfast")
e2e_json(scale "${sidecar}" kernels scale)
e2e_expect_equal("the other families still mint" "${scale}" "passes1")
e2e_json(broken "${sidecar}" kernels broken)
e2e_expect_matches("the broken family has no seat" "${broken}" "^<missing")

e2e_configure(configure-reference "${E2E_DIR}/bad-rows" "${bin}" Ninja -DBROKEN=reference)
e2e_build(build-reference "${bin}" MAY_FAIL TARGET tune)
e2e_expect_equal("a crashing reference fails the mint" "${E2E_RC}" 1)
e2e_unwrap(output "${E2E_OUTPUT}")
e2e_expect_contains("the error names the family and the row" "${output}"
  "family broken: the reference row kindbad failed at the gate: crash: killed by SIGSEGV")

e2e_configure(configure-compile "${E2E_DIR}/bad-rows" "${bin}" Ninja -DBROKEN=reference-compile)
e2e_build(build-compile "${bin}" MAY_FAIL)
e2e_expect_equal("a reference that does not compile fails the build" "${E2E_RC}" 1)
e2e_unwrap(output "${E2E_OUTPUT}")
e2e_expect_contains("the error names the row and why it must compile" "${output}"
  "cmake-tune: row broken__kindbad does not compile, and it is the family's reference, so it must")
e2e_expect_contains("with the compiler's own error" "${output}" "the reference does not compile, on purpose")
e2e_finish()
