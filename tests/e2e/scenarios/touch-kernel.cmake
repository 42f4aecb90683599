# A kernel edit is judged by the code it makes (docs/sidecar.md, stale_binary): a comment-only
# edit or a touch recompiles the row and relinks the bench, but the bench's code is the same, so
# nothing is re-raced; a real change of a row makes the sidecar stale_binary and, under auto, the
# same `cmake --build` re-mints and re-stamps. In Release, and in RelWithDebInfo, whose debug
# information a comment moves. The project is copied first, so the source tree is never modified.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../E2eProject.cmake")

e2e_fresh_dir()
set(src "${WORK_DIR}/src")
file(COPY "${E2E_PROJECT}/" DESTINATION "${src}")

foreach(config Release RelWithDebInfo)
  set(bin "${WORK_DIR}/build-${config}")
  set(sidecar "${bin}/e2e.tune.json")
  e2e_configure(configure-${config} "${src}" "${bin}" Ninja -DCMAKE_BUILD_TYPE=${config})
  e2e_build(build-${config} "${bin}")
  e2e_expect_minted("${E2E_OUTPUT}" "${sidecar}" "${bin}/tune/include" "${bin}/app")
  e2e_read(first "${sidecar}")
  e2e_json(first_written "${first}" provenance written)

  # A comment: every row recompiles, the bench relinks, its code is the same.
  file(APPEND "${src}/planted.cpp" "// a comment added by the e2e test (${config})\n")
  e2e_wait_past_second()  # provenance.written has whole seconds
  e2e_build(comment-${config} "${bin}")
  e2e_expect_contains("${config}: a comment-only edit recompiles the row" "${E2E_OUTPUT}" "Isolating kernel row planted__passes1")
  e2e_expect_contains("${config}: and relinks the bench" "${E2E_OUTPUT}" "Linking CXX executable tune/e2e/bench")
  e2e_expect_not_contains("${config}: a comment-only edit re-races nothing" "${E2E_OUTPUT}" "@tune begin")
  e2e_read(after_comment "${sidecar}")
  e2e_json(comment_written "${after_comment}" provenance written)
  e2e_expect_equal("${config}: the sidecar is untouched by a comment-only edit" "${comment_written}" "${first_written}")
  e2e_run(verdict-${config} COMMAND "${PREFIX}/bin/tune" verdict --build-dir "${bin}")
  e2e_expect_contains("${config}: still fresh" "${E2E_OUTPUT}" "e2e: fresh")

  # A touch of the bench itself changes nothing either.
  file(TOUCH "${bin}/tune/e2e/bench")
  e2e_run(verdict-touch-${config} COMMAND "${PREFIX}/bin/tune" verdict --build-dir "${bin}")
  e2e_expect_contains("${config}: a touched bench is still fresh" "${E2E_OUTPUT}" "e2e: fresh")
endforeach()

# A real change of every row's code, in the Release tree: stale_binary, re-minted in the same build.
set(bin "${WORK_DIR}/build-Release")
set(sidecar "${bin}/e2e.tune.json")
file(READ "${src}/planted.cpp" planted)
string(REPLACE "result = s;" "result = s;\n    asm volatile(\"nop\");" edited "${planted}")
e2e_expect_matches("the edit changes the source" "${edited}" "asm volatile\\(\"nop\"\\)")
file(WRITE "${src}/planted.cpp" "${edited}")
e2e_read(first "${sidecar}")
e2e_json(first_written "${first}" provenance written)
e2e_wait_past_second()
e2e_build(rebuild-after-edit "${bin}")
e2e_expect_contains("a real edit recompiles the row" "${E2E_OUTPUT}" "Isolating kernel row planted__passes1")
e2e_expect_contains("a real edit re-mints, saying why" "${E2E_OUTPUT}" "stale_binary: sidecar")
e2e_expect_contains("a real edit re-mints" "${E2E_OUTPUT}" "${E2E_MINT_SUMMARY}")
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
