# `tune-test` checks every runnable row against its family's reference. On the minted e2e tree
# (the e2e.ninja.mint fixture's) it passes; on a project with a wrong row both the target and
# the CTest test tune.<scope>.<family> fail and name the row with its worst error; `ctest -R
# <family>` and `ctest -L <scope>` select that test.
#   -DTREE=<the minted build tree>  -DCTEST=<ctest>
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../E2eProject.cmake")

e2e_fresh_dir()
e2e_build(tune-test-e2e "${TREE}" MAY_FAIL TARGET tune-test)
e2e_expect_equal("exit code of tune-test on the e2e project" "${E2E_RC}" 0)
e2e_expect_contains("tune-test on the e2e project" "${E2E_OUTPUT}" "6 passed, 0 failed")
foreach(row planted__passes4 planted__passes1 twins__copyc)
  e2e_expect_contains("tune-test on the e2e project" "${E2E_OUTPUT}" "ok   ${row}")
endforeach()

set(bin "${WORK_DIR}/build-wrong")
e2e_configure(configure-wrong "${E2E_DIR}/wrong-row" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release)
e2e_build(build-wrong "${bin}")
set(worst "FAIL wrong__bugyes +worst abs 1, rel")

e2e_run(ctest-wrong MAY_FAIL COMMAND "${CTEST}" --test-dir "${bin}" -R "wrong" --output-on-failure)
if(E2E_RC EQUAL 0)
  e2e_fail("ctest -R wrong passed on a family with a wrong row; it must fail")
endif()
e2e_expect_contains("ctest -R wrong (ran the family's test)" "${E2E_OUTPUT}" "tune.checked.wrong")
e2e_expect_matches("ctest -R wrong (names the row and its worst error)" "${E2E_OUTPUT}" "${worst}")
e2e_expect_contains("ctest -R wrong (the right row passes)" "${E2E_OUTPUT}" "ok   wrong__bugno")
e2e_run(ctest-label MAY_FAIL COMMAND "${CTEST}" --test-dir "${bin}" -L checked -N)
e2e_expect_contains("ctest -L checked (the scope's label)" "${E2E_OUTPUT}" "tune.checked.wrong")

e2e_build(tune-test-wrong "${bin}" MAY_FAIL TARGET tune-test)
if(E2E_RC EQUAL 0)
  e2e_fail("the tune-test target passed on a family with a wrong row; it must fail")
endif()
e2e_expect_matches("tune-test target (names the row and its worst error)" "${E2E_OUTPUT}" "${worst}")
e2e_finish()
