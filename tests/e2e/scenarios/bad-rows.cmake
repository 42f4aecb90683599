# Kernels written the way a new user writes them, with a row of every way a row can fail, beside a
# healthy family (tests/e2e/bad-rows): a Release build under the default policy succeeds, crowns
# the planted 4x row, mints the healthy family, names every bad row with its reason (in the build,
# the sidecar, status, explain and `bench test`), and the app computes right results. Then the
# same project with Unix Makefiles, whose launchers must behave the same.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

e2e_fresh_dir()
# Copied, so the edit below never touches the source tree.
set(src "${WORK_DIR}/src")
file(COPY "${E2E_DIR}/bad-rows/" DESTINATION "${src}")
set(bin "${WORK_DIR}/build")
e2e_configure(configure "${src}" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release)
e2e_build(build "${bin}")
set(build_output "${E2E_OUTPUT}")

# Each bad row, its stage and the start of its detail: one line each in the mint's summary.
set(bad
  "kindcrash|crash: killed by SIGSEGV"
  "kindexits|exit: exited with status 3"
  "kindthrows|throw: this row throws, on purpose"
  "kindhangs|timeout: a call ran past the 2.0 s limit (20x the reference's"
  "kindwrong|gate: wrong output at call 1 of 3"
  "kindwronglater|gate: wrong output at call 2 of 3"
  "kindnan|gate: wrong output at call 1 of 3 (worst abs inf"
  "kindnocompile|compile: "
  "kindnolink|link: the bench's link left it out: "
  "kindleaky|isolate: cmake-tune: row dot__kindleaky exports symbols besides its entry")
foreach(_entry IN LISTS bad)
  string(REPLACE "|" ";" _entry "${_entry}")
  list(GET _entry 0 _row)
  list(GET _entry 1 _why)
  e2e_expect_contains("the build names dot__${_row} and why" "${build_output}" "failed dot__${_row}: ${_why}")
endforeach()
e2e_expect_contains("the compile failure's own line" "${build_output}" "error: #error \"this row does not compile, on purpose\"")
string(REGEX MATCHALL "row dot__kindnocompile does not compile" _shown "${build_output}")
list(LENGTH _shown _times)
e2e_expect_equal("the compile diagnostic is shown once" "${_times}" 1)
e2e_expect_contains("the link failure names the row" "${build_output}" "row dot__kindnolink does not link; it is left out")

e2e_read(sidecar "${bin}/e2e_bad_rows.tune.json")
e2e_json(winner "${sidecar}" kernels dot)
e2e_expect_equal("the planted 4x row is crowned" "${winner}" "kindfast")
e2e_json(winner "${sidecar}" kernels scale)
e2e_expect_equal("the healthy family beside it is minted" "${winner}" "passes1")
foreach(_pair crash:crash exits:exit throws:throw hangs:timeout wrong:gate wronglater:gate nan:gate nocompile:compile
              nolink:link leaky:isolate)
  string(REPLACE ":" ";" _pair "${_pair}")
  list(GET _pair 0 _kind)
  list(GET _pair 1 _stage)
  e2e_json(stage "${sidecar}" race dot rows kind${_kind} last_fail_reason stage)
  e2e_expect_equal("race.dot.rows.kind${_kind}.last_fail_reason.stage" "${stage}" "${_stage}")
endforeach()
e2e_json(diagnostic "${sidecar}" race dot rows kindnocompile last_fail_reason diagnostic)
e2e_expect_contains("the compile failure's diagnostic is recorded" "${diagnostic}" "this row does not compile, on purpose")
e2e_run(schema COMMAND "${SCHEMA_CHECK}" "${REPO}/docs/schemas/tune-sidecar-1.schema.json" "${bin}/e2e_bad_rows.tune.json")
e2e_json(fast_reason "${sidecar}" race dot rows kindfast last_fail_reason)
e2e_expect_matches("the crowned row has no failure" "${fast_reason}" "^<missing")

e2e_read(header "${bin}/tune/include/tune/kernels/dot.h")
e2e_expect_contains("the stamp" "${header}" "dot = kindfast (source: sidecar")
e2e_run(app COMMAND "${bin}/app")
e2e_expect_contains("the app computes right results" "${E2E_OUTPUT}" "dot=2000 scale=2")
e2e_expect_symbols("${bin}/app" HAS dot__kindfast scale__passes1 LACKS dot__kindslow dot__kindwronglater dot__kindcrash)

e2e_run(bench-test MAY_FAIL COMMAND "${bin}/tune/rough/bench" test)
e2e_expect_equal("bench test fails (exit 1), it does not crash" "${E2E_RC}" 1)
e2e_expect_contains("bench test" "${E2E_OUTPUT}" "4 passed, 10 failed, 0 skipped")
e2e_expect_matches("bench test names the crash" "${E2E_OUTPUT}" "FAIL dot__kindcrash +crash: killed by SIGSEGV")
e2e_expect_matches("bench test names the hang" "${E2E_OUTPUT}" "FAIL dot__kindhangs +timeout: ")

e2e_run(status COMMAND "${PREFIX}/bin/tune" status --build-dir "${bin}")
e2e_expect_contains("status" "${E2E_OUTPUT}" "dot: 10 row(s) failed in the last race and were left out")
e2e_expect_matches("status names each failed row" "${E2E_OUTPUT}" "dot__kindexits +exit: exited with status 3")
e2e_run(explain COMMAND "${PREFIX}/bin/tune" explain dot --build-dir "${bin}")
e2e_expect_matches("explain lists a failed row" "${E2E_OUTPUT}" "kindthrows +failed: throw: this row throws, on purpose")
e2e_expect_contains("explain shows its diagnostic" "${E2E_OUTPUT}" "| /usr/bin/ld: libtune_rows_dot.a(dot__kindnolink.o)")

e2e_build(noop "${bin}")
e2e_expect_contains("a no-op rebuild" "${E2E_OUTPUT}" "no work to do")

# An edit of kindfast's code alone re-races dot (and keeps scale); the rows that failed at run
# time with the code and fixture they still have are not run again (docs/fixtures.md "Rows that
# fail"), their failures kept as recorded.
file(READ "${src}/rough.cpp" rough)
string(REPLACE "#if TUNE_AXIS_IS(KIND, crash)" "#if TUNE_AXIS_IS(KIND, fast)\n  asm volatile(\"nop\");\n#elif TUNE_AXIS_IS(KIND, crash)"
  edited "${rough}")
e2e_expect_matches("the edit changes rough.cpp" "${edited}" "KIND, fast\\)\n  asm volatile")
file(WRITE "${src}/rough.cpp" "${edited}")
e2e_build(edit-fast "${bin}")
e2e_expect_contains("an edit of kindfast re-races dot alone" "${E2E_OUTPUT}" "1 of 2 families (dot), because dot: row kindfast's code changed")
e2e_read(again "${bin}/e2e_bad_rows.tune.json")
foreach(_pair crash:crash exits:exit throws:throw hangs:timeout wrong:gate wronglater:gate nan:gate)
  string(REPLACE ":" ";" _pair "${_pair}")
  list(GET _pair 0 _kind)
  list(GET _pair 1 _stage)
  e2e_json(stage "${again}" race dot rows kind${_kind} last_fail_reason stage)
  e2e_expect_equal("after the edit, race.dot.rows.kind${_kind}.last_fail_reason.stage" "${stage}" "${_stage}")
  e2e_json(rejected "${again}" race dot rows kind${_kind} rejected)
  e2e_expect_contains("after the edit, kind${_kind} was not run again" "${rejected}"
    "(not run: it failed so with this code and fixture before)")
endforeach()
e2e_json(winner "${again}" kernels dot)
e2e_expect_equal("after the edit, the planted 4x row is crowned again" "${winner}" "kindfast")
e2e_json(again_scale "${again}" race scale)
e2e_json(first_scale "${sidecar}" race scale)
e2e_expect_equal("after the edit, scale's race table is kept" "${again_scale}" "${first_scale}")

# The Makefiles generator runs the same launchers: the rows fail the same way, the build succeeds.
set(make_bin "${WORK_DIR}/make")
e2e_configure(configure-make "${E2E_DIR}/bad-rows" "${make_bin}" "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release)
e2e_build(build-make "${make_bin}")
e2e_expect_contains("Makefiles: the compile failure" "${E2E_OUTPUT}" "failed dot__kindnocompile: compile: ")
e2e_expect_contains("Makefiles: the link failure" "${E2E_OUTPUT}" "failed dot__kindnolink: link: ")
e2e_expect_contains("Makefiles: the crash" "${E2E_OUTPUT}" "failed dot__kindcrash: crash: killed by SIGSEGV")
e2e_run(app-make COMMAND "${make_bin}/app")
e2e_expect_contains("Makefiles: the app" "${E2E_OUTPUT}" "dot=2000 scale=2")
e2e_finish()
