# A kernel edit is judged by the code it makes (docs/sidecar.md, stale_binary): a comment-only
# edit or a touch recompiles the row and relinks the bench, but the bench's code is the same, so
# nothing is re-raced; a real change of a row makes the sidecar stale_binary and, under auto, the
# same `cmake --build` re-mints that row's family alone and re-stamps. In Release, and in RelWithDebInfo, whose debug
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
  e2e_expect_matches("${config}: a comment-only edit recompiles the row" "${E2E_OUTPUT}" "Isolating kernel rows? planted__")
  e2e_expect_contains("${config}: and relinks the bench" "${E2E_OUTPUT}" "Linking CXX executable tune/e2e/bench")
  e2e_expect_not_contains("${config}: a comment-only edit re-races nothing" "${E2E_OUTPUT}" "@tune begin")
  e2e_read(after_comment "${sidecar}")
  e2e_json(comment_written "${after_comment}" provenance written)
  e2e_expect_equal("${config}: the sidecar is untouched by a comment-only edit" "${comment_written}" "${first_written}")
  e2e_run(verdict-${config} COMMAND "${PREFIX}/bin/tune" verdict --build-dir "${bin}")
  e2e_expect_contains("${config}: still fresh" "${E2E_OUTPUT}" "e2e: fresh")
  # The recorded recipe included the file the comment went into: a rerun refuses to call the row
  # it would build now the one that was measured.
  e2e_json(passes1_hash "${after_comment}" race planted rows passes1 impl_hash)
  e2e_run(rerun-after-comment-${config} MAY_FAIL COMMAND "${PREFIX}/bin/tune" rerun "${passes1_hash}" --build-dir "${bin}")
  e2e_expect_equal("${config}: tune rerun of a row whose recipe changed fails" "${E2E_RC}" 1)
  e2e_expect_contains("${config}: tune rerun of a row whose recipe changed" "${E2E_OUTPUT}"
    "rerun planted__passes1: it was measured with impl_hash ${passes1_hash}, but its recipe in this tree is now ")

  # A touch of the bench itself changes nothing either.
  file(TOUCH "${bin}/tune/e2e/bench")
  e2e_run(verdict-touch-${config} COMMAND "${PREFIX}/bin/tune" verdict --build-dir "${bin}")
  e2e_expect_contains("${config}: a touched bench is still fresh" "${E2E_OUTPUT}" "e2e: fresh")
endforeach()

# A real change of every planted row's code, in the Release tree: stale_binary, planted re-minted in
# the same build, twins kept.
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
e2e_expect_matches("a real edit recompiles the row" "${E2E_OUTPUT}" "Isolating kernel rows? planted__")
e2e_expect_contains("a real edit re-mints planted alone, saying why" "${E2E_OUTPUT}"
  "1 of 2 families (planted), because planted: row passes")
e2e_expect_contains("a real edit keeps twins" "${E2E_OUTPUT}" "kept as the sidecar has them: twins")
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

# `tune history`: a third mint of the Release tree, and the tree's three mints listed (not the
# RelWithDebInfo tree's, archived in the same folder under the same scope name), each against the
# one before it, and any two compared.
e2e_wait_past_second()
e2e_build(third-mint "${bin}" TARGET tune ENV TUNE_ALL=1)
e2e_run(history COMMAND "${PREFIX}/bin/tune" history --json --build-dir "${bin}")
set(history "${E2E_OUTPUT}")
string(JSON count LENGTH "${history}" mints)
e2e_expect_equal("tune history --json: the Release tree's mints" "${count}" 3)
string(JSON v TYPE "${history}" mints 0 previous)
e2e_expect_equal("history mint 1 has no mint before it" "${v}" NULL)
e2e_json(v "${history}" mints 2 previous)
e2e_expect_equal("history mint 3 is compared with mint 2" "${v}" 2)
# The edit's re-mint raced planted alone (docs/design/candidates.md "Incremental re-mints").
e2e_json(v "${history}" mints 1 since raced 0)
e2e_expect_equal("history mint 2 raced planted" "${v}" planted)
string(JSON v LENGTH "${history}" mints 1 since raced)
e2e_expect_equal("history mint 2 raced planted alone" "${v}" 1)
e2e_json(v "${history}" mints 2 seats planted suffix)
e2e_expect_equal("history mint 3's planted seat" "${v}" passes1)
e2e_json(v "${history}" mints 2 seats planted rate unit)
e2e_expect_matches("history mint 3's planted seat has a rate (its fixture declares work)" "${v}" "^[kMGT]?add/s$")
string(JSON v TYPE "${history}" mints 2 seats planted rate value)
e2e_expect_equal("history mint 3's planted rate is a number" "${v}" NUMBER)
string(JSON v TYPE "${history}" mints 2 seats twins rate)
e2e_expect_equal("history mint 3's twins seat has no rate" "${v}" NULL)
e2e_json(written "${history}" mints 2 written)
e2e_read(third "${sidecar}")
e2e_json(v "${third}" provenance written)
e2e_expect_equal("history mint 3 is the sidecar's last write" "${written}" "${v}")
e2e_run(history-other-tree COMMAND "${PREFIX}/bin/tune" history --json --build-dir "${WORK_DIR}/build-RelWithDebInfo")
string(JSON count LENGTH "${E2E_OUTPUT}" mints)
e2e_expect_equal("tune history --json: the RelWithDebInfo tree's mints" "${count}" 1)

e2e_run(history-text COMMAND "${PREFIX}/bin/tune" history --build-dir "${bin}")
e2e_expect_matches("tune history" "${E2E_OUTPUT}" "\n +1  [0-9T:Z-]+  e2e  first readable mint in the history\n +planted: passes1 ")
e2e_expect_matches("tune history" "${E2E_OUTPUT}" "\n +3  [0-9T:Z-]+  e2e  raced [^\n]*planted[^\n]* \\(since #2\\)\n")
e2e_expect_contains("tune history" "${E2E_OUTPUT}" "both mints measured")

e2e_run(history-diff COMMAND "${PREFIX}/bin/tune" history --diff 1 3 --build-dir "${bin}")
e2e_expect_matches("tune history --diff 1 3" "${E2E_OUTPUT}" "^#1 \\([^)]+, e2e\\) → #3 \\([^)]+, e2e\\)\n")
e2e_expect_matches("tune history --diff 1 3" "${E2E_OUTPUT}" "median shift over [0-9]+ rows both mints measured")
e2e_run(history-diff-json COMMAND "${PREFIX}/bin/tune" history --diff 1 3 --json --build-dir "${bin}")
e2e_json(v "${E2E_OUTPUT}" to written)
e2e_expect_equal("history --diff --json: to is mint 3" "${v}" "${written}")
e2e_json(v "${E2E_OUTPUT}" changes rows_compared)
e2e_expect_matches("history --diff --json compares rows" "${v}" "^[1-9][0-9]*$")
if(SCHEMA_CHECK)
  file(WRITE "${WORK_DIR}/history-diff.json" "${E2E_OUTPUT}")
  e2e_run(history-diff-schema COMMAND "${SCHEMA_CHECK}" "${REPO}/docs/schemas/tune-history-diff-1.schema.json"
    "${WORK_DIR}/history-diff.json")
endif()
e2e_run(history-diff-unknown MAY_FAIL COMMAND "${PREFIX}/bin/tune" history --diff 1 9 --build-dir "${bin}")
if(E2E_RC EQUAL 0)
  e2e_fail("tune history --diff 1 9 succeeded with 3 mints; it must fail")
endif()
e2e_expect_contains("tune history --diff 1 9" "${E2E_OUTPUT}" "--diff 9: no such mint; give a number from `tune history` (1 to 3)")

# Selecting families (docs/cmake-api.md): TUNE_ONLY on the tune target races twins alone, and the
# fresh sidecar's planted is kept exactly; a token that selects nothing fails before racing; with
# no fresh sidecar, --only leaves the others unmeasured and the scope incomplete.
e2e_read(before "${sidecar}")
string(JSON planted_before GET "${before}" race planted)
string(JSON twins_before GET "${before}" race twins)
e2e_build(only-twins "${bin}" TARGET tune ENV TUNE_ONLY=twin)
e2e_expect_contains("TUNE_ONLY=twin" "${E2E_OUTPUT}"
  "tuning scope e2e on this box: 1 of 2 families (twins), because TUNE_ONLY=twin selects them; kept as the sidecar has them: planted")
e2e_expect_contains("TUNE_ONLY=twin: the summary" "${E2E_OUTPUT}" "kept from the sidecar as it was: not selected by TUNE_ONLY=twin")
e2e_expect_contains("TUNE_ONLY=twin races twins" "${E2E_OUTPUT}" "@tune begin name=twins")
e2e_expect_not_contains("TUNE_ONLY=twin does not race planted" "${E2E_OUTPUT}" "@tune begin name=planted")
e2e_read(after "${sidecar}")
string(JSON planted_after GET "${after}" race planted)
string(JSON twins_after GET "${after}" race twins)
e2e_expect_equal("TUNE_ONLY=twin: planted's race table is untouched" "${planted_after}" "${planted_before}")
if(twins_after STREQUAL twins_before)
  e2e_fail("TUNE_ONLY=twin: twins' race table did not change, so it was not raced")
endif()
e2e_run(only-verdict COMMAND "${PREFIX}/bin/tune" verdict --build-dir "${bin}")
e2e_expect_contains("after TUNE_ONLY=twin the scope is still fresh" "${E2E_OUTPUT}" "e2e: fresh")

e2e_run(only-nothing MAY_FAIL COMMAND "${PREFIX}/bin/tune" mint --build-dir "${bin}" --only nosuch,plant)
if(E2E_RC EQUAL 0)
  e2e_fail("tune mint --only nosuch,plant succeeded; a token that selects no family must fail it")
endif()
e2e_expect_contains("tune mint --only nosuch,plant" "${E2E_OUTPUT}"
  "error: cmake-tune: --only nosuch,plant: nosuch selects no family; the families are: planted, twins")
e2e_expect_not_contains("tune mint --only nosuch,plant races nothing" "${E2E_OUTPUT}" "@tune begin")

file(REMOVE "${sidecar}")
e2e_run(only-no-sidecar COMMAND "${PREFIX}/bin/tune" mint --build-dir "${bin}" --only plant)
e2e_expect_contains("--only plant without a sidecar" "${E2E_OUTPUT}" "left unmeasured, so the scope stays incomplete: twins")
e2e_expect_contains("--only plant without a sidecar: why the stamp uses fallbacks" "${E2E_OUTPUT}"
  "cmake-tune: scope e2e is incomplete (twins not measured), so the stamp takes no seat from its sidecar")
e2e_read(partial "${sidecar}")
e2e_json(v "${partial}" kernels planted)
e2e_expect_equal("--only plant: kernels.planted" "${v}" passes1)
e2e_json(v "${partial}" kernels twins)
e2e_expect_matches("--only plant: no kernels.twins" "${v}" "^<missing")
e2e_json(v "${partial}" scopes e2e complete)
e2e_expect_equal("--only plant: the scope is incomplete" "${v}" OFF)
e2e_finish()
