# Editing a kernel source rebuilds the bench, which makes the sidecar stale_binary; under auto
# the next `cmake --build` re-mints and re-stamps by itself. The project is copied first, so the
# source tree is never modified.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../E2eProject.cmake")

e2e_fresh_dir()
set(src "${WORK_DIR}/src")
set(bin "${WORK_DIR}/build")
set(sidecar "${bin}/e2e.tune.json")
file(COPY "${E2E_PROJECT}/" DESTINATION "${src}")
e2e_configure(configure "${src}" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release)
e2e_build(build "${bin}")
e2e_expect_minted("${E2E_OUTPUT}" "${sidecar}" "${bin}/tune/include" "${bin}/app")
e2e_read(first "${sidecar}")
e2e_json(first_written "${first}" provenance written)
e2e_expect_absent("${sidecar}.bak")

file(APPEND "${src}/planted.cpp" "// touched by the e2e test: the bench must be rebuilt and re-measured\n")
e2e_wait_past_second()  # provenance.written has whole seconds
e2e_build(rebuild-after-edit "${bin}")
e2e_expect_contains("rebuild after editing planted.cpp (must recompile the row)" "${E2E_OUTPUT}"
  "Isolating kernel row planted__passes1")
e2e_expect_contains("rebuild after editing planted.cpp (must re-mint)" "${E2E_OUTPUT}" "${E2E_MINT_SUMMARY}")
e2e_read(second "${sidecar}")
e2e_json(second_written "${second}" provenance written)
if(second_written STREQUAL first_written)
  e2e_fail("provenance.written did not change on the re-mint (still ${first_written})")
endif()
e2e_json(planted "${second}" kernels planted)
e2e_expect_equal("sidecar kernels.planted after the re-mint" "${planted}" passes1)
e2e_expect_exists("${sidecar}.bak")
e2e_expect_stamp("${bin}/tune/include" planted passes1 sidecar)
e2e_expect_linked("${bin}/app" passes1 copya)
e2e_finish()
