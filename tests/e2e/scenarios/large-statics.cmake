# Rows with large static buffers (issue 46), family smooth of tests/e2e/large-statics: 3 GiB of
# static data in the bench. With GCC the rows' buffers go to the large data sections
# (-mcmodel=medium, cmake/tune/Rows.cmake), so the bench links, every row passes its gate, and the
# program runs; the bench's .lbss is past 2 GiB, which the small code model cannot reach. Nothing
# is measured (TUNE_POLICY=fallback). The same rows in the small code model (as Clang compiles them)
# fail the bench's link with a message that says why and what to do.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
e2e_configure(configure "${E2E_DIR}/large-statics" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release)
e2e_build(build "${bin}" ENV TUNE_POLICY=fallback)
e2e_run(gate COMMAND "${bin}/tune/statics/bench" test)
e2e_expect_contains("the gate of every row" "${E2E_OUTPUT}" "12 passed, 0 failed")
e2e_run(app COMMAND "${bin}/app")
e2e_expect_contains("the program" "${E2E_OUTPUT}" "smooth=294")
e2e_run(sections COMMAND "${OBJDUMP}" -h "${bin}/tune/statics/bench")
if(NOT E2E_OUTPUT MATCHES "\\.lbss +([0-9a-f]+)")
  e2e_fail("the bench has no .lbss section: the rows' buffers are not in the large data sections:\n${E2E_OUTPUT}")
endif()
math(EXPR lbss "0x${CMAKE_MATCH_1}")
math(EXPR limit "1 << 31")
if(lbss LESS limit)
  e2e_fail("the bench's .lbss holds ${lbss} bytes; the test needs more than 2 GiB (${limit}) to mean anything")
endif()

set(small "${WORK_DIR}/small-model")
e2e_configure(configure-small "${E2E_DIR}/large-statics" "${small}" Ninja -DCMAKE_BUILD_TYPE=Release -DSMALL_MODEL=ON)
e2e_build(build-small "${small}" MAY_FAIL ENV TUNE_POLICY=fallback)
e2e_expect_equal("the build with the rows in the small code model fails" "${E2E_RC}" 1)
string(REGEX REPLACE "[ \n]+" " " said "${E2E_OUTPUT}")
e2e_expect_contains("why the bench does not link" "${said}"
  "cmake-tune: the bench does not link: its static data passes the 2 GiB that code reaches in the small code model.")
e2e_expect_contains("what to do" "${said}" "allocate large buffers at run time")
e2e_finish()
