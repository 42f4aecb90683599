# A mint in a CI log (no terminal), and what CI can gate on (docs/cmake-api.md, TUNE_VERBOSITY and TUNE_EVENTS): TUNE_VERBOSITY
# normal prints one line per family and the tool's notes, silent nothing, verbose every event,
# and TUNE_EVENTS=1 hands a parent the whole event stream. `tune status --check` and `tune
# verdict` exit 3 when a scope is not fresh, 4 when it is fresh but a family runs no winner of
# its own: here, a fresh sidecar seating a row the family does not have, which the build, status
# and the program's own status all name.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../E2eProject.cmake")

e2e_fresh_dir()
unset(ENV{TUNE_EVENTS})  # E2eLib asks for the event stream; this scenario is about the log without it
set(bin "${WORK_DIR}/build")
set(sidecar "${bin}/e2e.tune.json")
# fallback: the build itself measures nothing; each mint below is the `tune` target's.
e2e_configure(configure "${E2E_PROJECT}" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release -DTUNE_POLICY=fallback)
e2e_build(build "${bin}")

e2e_run(check-absent MAY_FAIL COMMAND "${E2E_TOOL}" status --check --build-dir "${bin}")
e2e_expect_equal("status --check before any mint (absent)" "${E2E_RC}" 3)
e2e_run(verdict-absent MAY_FAIL COMMAND "${E2E_TOOL}" verdict --build-dir "${bin}")
e2e_expect_equal("verdict before any mint (absent)" "${E2E_RC}" 3)
e2e_expect_contains("verdict before any mint" "${E2E_OUTPUT}" "e2e: absent: no sidecar at")

# count(<out> <text> <regex>): how many lines of <text> match.
function(count out text regex)
  string(REGEX MATCHALL "(^|\n)${regex}" _found "${text}")
  list(LENGTH _found _n)
  set(${out} ${_n} PARENT_SCOPE)
endfunction()

foreach(level normal silent verbose)
  e2e_build(mint-${level} "${bin}" TARGET tune ENV TUNE_ALL=1 TUNE_VERBOSITY=${level})
  set(out_${level} "${E2E_OUTPUT}")
  count(events_${level} "${E2E_OUTPUT}" "@tune ")
  count(steps_${level} "${E2E_OUTPUT}" "@tune step ")
  count(notes_${level} "${E2E_OUTPUT}" "cmake-tune: ")
endforeach()
e2e_build(mint-events "${bin}" TARGET tune ENV TUNE_ALL=1 TUNE_EVENTS=1)
count(events_stream "${E2E_OUTPUT}" "@tune ")
count(ends_stream "${E2E_OUTPUT}" "@tune end ")

e2e_expect_equal("normal: no events in the log" "${events_normal}" 0)
e2e_expect_matches("normal: one line per family" "${out_normal}" "\n  planted +passes1 +won +\\+[0-9.]+%\n")
e2e_expect_matches("normal: one line per family" "${out_normal}" "\n  twins +copy[abc] +[a-z]+ +")
e2e_expect_contains("normal: the summary" "${out_normal}" "${E2E_MINT_SUMMARY}")
# The summary shows each seat's time per call, and its rate when the fixture declared work.
e2e_expect_matches("normal: the summary's planted line" "${out_normal}"
  "\n  planted +passes1 +[0-9.]+ ns, [0-9.]+ [kMGT]?add/s +sidecar, ")
e2e_expect_matches("normal: the summary's twins line (no work, no rate)" "${out_normal}"
  "\n  twins +copy[abc] +[0-9.]+ ns +sidecar, ")
e2e_expect_equal("silent: no events" "${events_silent}" 0)
e2e_expect_equal("silent: no notes" "${notes_silent}" 0)
e2e_expect_not_contains("silent: no family lines" "${out_silent}" "  planted ")
if(steps_verbose LESS 50)
  e2e_fail("verbose: every event, the steps included; got ${steps_verbose} step lines")
endif()
e2e_expect_equal("TUNE_EVENTS=1: both families end in the stream" "${ends_stream}" 2)
if(events_stream LESS 50)
  e2e_fail("TUNE_EVENTS=1: the whole event stream; got ${events_stream} event lines")
endif()

e2e_run(check-fresh COMMAND "${E2E_TOOL}" status --check --build-dir "${bin}")
e2e_expect_equal("status --check after the mint" "${E2E_RC}" 0)
e2e_run(verdict-fresh COMMAND "${E2E_TOOL}" verdict --build-dir "${bin}")
e2e_expect_equal("verdict after the mint" "${E2E_RC}" 0)

# A fresh sidecar that seats a row the family does not have.
e2e_read(json "${sidecar}")
string(JSON json SET "${json}" kernels planted "\"passes99\"")
file(WRITE "${sidecar}" "${json}")
e2e_build(stamp-missing-row "${bin}")
e2e_unwrap(out "${E2E_OUTPUT}")
e2e_expect_contains("the build names the row and what runs instead" "${out}"
  "warning: cmake-tune: scope e2e, family planted: the sidecar seats it on row 'passes99', which the family does not have; it runs passes4 (fallback).")
e2e_run(check-missing-row MAY_FAIL COMMAND "${E2E_TOOL}" status --check --build-dir "${bin}")
e2e_expect_equal("status --check: fresh but incomplete" "${E2E_RC}" 4)
e2e_expect_contains("status names the row" "${E2E_OUTPUT}" "fallback; the sidecar seats it on row 'passes99', which the family does not have")
e2e_run(app COMMAND "${bin}/app")
e2e_expect_contains("the program's status names the row" "${E2E_OUTPUT}"
  "passes4                  fallback; the sidecar seats it on row 'passes99', which the family does not have")
# Such a sidecar does not describe the program: it is not installed beside it.
e2e_run(install COMMAND "${CMAKE_COMMAND}" --install "${bin}" --prefix "${WORK_DIR}/prefix")
e2e_unwrap(out "${E2E_OUTPUT}")
e2e_expect_contains("install refuses a sidecar the program does not run" "${out}"
  "does not describe what this configuration's program runs (planted runs passes4 (fallback), the sidecar says passes99)")
e2e_expect_absent("${WORK_DIR}/prefix/bin/app.tune.json")
e2e_expect_exists("${WORK_DIR}/prefix/bin/app")
e2e_finish()
