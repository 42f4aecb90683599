# `tune status --json`, `tune verdict`, `tune explain` (and --json) and `tune rerun` on a minted
# Ninja tree (the e2e.ninja.mint fixture's). They leave its sidecar as it is: rerun rebuilds the
# (built) bench and times two rows, writing only its own request and result.
#   -DTREE=<the minted build tree>
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../E2eProject.cmake")

e2e_fresh_dir()
e2e_read(sidecar "${TREE}/e2e.tune.json")
e2e_json(this_box "${sidecar}" provenance box)

e2e_run(status-json COMMAND "${E2E_TOOL}" status --json --build-dir "${TREE}")
set(status "${E2E_OUTPUT}")
e2e_json(box "${status}" box)
e2e_expect_equal("status box (the sidecar's box is this box)" "${box}" "${this_box}")
e2e_json(scope "${status}" scopes 0 scope)
e2e_expect_equal("status scopes[0].scope" "${scope}" e2e)
e2e_json(verdict "${status}" scopes 0 verdict)
e2e_expect_equal("status scopes[0].verdict" "${verdict}" fresh)
e2e_json(complete "${status}" scopes 0 complete)
e2e_expect_equal("status scopes[0].complete" "${complete}" ON)
e2e_json(path "${status}" scopes 0 sidecar)
e2e_expect_equal("status scopes[0].sidecar" "${path}" "${TREE}/e2e.tune.json")
foreach(pair planted=passes1 twins=copya)
  string(REPLACE "=" ";" pair "${pair}")
  list(GET pair 0 family)
  list(GET pair 1 suffix)
  e2e_json(stamped "${status}" scopes 0 families ${family} stamped)
  e2e_expect_equal("status ${family}.stamped" "${stamped}" "${suffix}")
  e2e_json(source "${status}" scopes 0 families ${family} source)
  e2e_expect_equal("status ${family}.source" "${source}" sidecar)
  e2e_json(tuned "${status}" scopes 0 families ${family} tuned)
  e2e_expect_equal("status ${family}.tuned" "${tuned}" ON)
endforeach()

# The stamped row's time per call and rate, from the stamp record: the sidecar's median of that row.
e2e_json(median "${sidecar}" race planted rows passes1 median_ns)
e2e_json(v "${status}" scopes 0 families planted median_ns)
e2e_expect_equal("status planted.median_ns (the sidecar's, of its row)" "${v}" "${median}")
e2e_json(planted_rate "${status}" scopes 0 families planted rate)
e2e_expect_matches("status planted.rate" "${planted_rate}" "^[0-9.]+ [kMGT]?add/s$")
string(JSON v TYPE "${status}" scopes 0 families twins rate)
e2e_expect_equal("status twins.rate (no work declared)" "${v}" NULL)
e2e_run(status-text COMMAND "${E2E_TOOL}" status --build-dir "${TREE}")
e2e_expect_matches("tune status: planted's time and rate" "${E2E_OUTPUT}" "\n[^\n]* planted +passes1 [^\n]* ns, ${planted_rate} ")

e2e_run(verdict COMMAND "${E2E_TOOL}" verdict --build-dir "${TREE}")
e2e_expect_contains("tune verdict" "${E2E_OUTPUT}" "e2e: fresh")
e2e_expect_contains("tune verdict" "${E2E_OUTPUT}" "${TREE}/e2e.tune.json")

e2e_run(explain COMMAND "${E2E_TOOL}" explain planted --build-dir "${TREE}")
set(explain_text "${E2E_OUTPUT}")
e2e_expect_contains("tune explain planted" "${E2E_OUTPUT}" "planted (scope e2e, 3 rows, reference passes2, fallback chain passes4)")
e2e_expect_matches("tune explain planted" "${E2E_OUTPUT}"
  "stamped: passes1 \\(source: sidecar, \\+[0-9.]+% over passes4\\); scope verdict fresh, policy auto")
e2e_expect_contains("tune explain planted" "${E2E_OUTPUT}" "winner passes1 over fallback passes4, verdict won")
string(REGEX MATCH "\n +passes1 +[0-9.]+ +[0-9.]+ [^\n]*" winner_line "${E2E_OUTPUT}")
e2e_expect_contains("tune explain planted (the race table's winner row)" "${winner_line}" "<- winner")

# --json: the same report from the same source, as one document.
e2e_run(explain-json COMMAND "${E2E_TOOL}" explain planted --json --build-dir "${TREE}")
set(explained "${E2E_OUTPUT}")
e2e_json(v "${explained}" scope)
e2e_expect_equal("explain --json scope" "${v}" e2e)
e2e_json(v "${explained}" rows)
e2e_expect_equal("explain --json rows" "${v}" 3)
e2e_json(v "${explained}" stamped suffix)
e2e_expect_equal("explain --json stamped.suffix" "${v}" passes1)
e2e_json(v "${explained}" stamped measured_here)
e2e_expect_equal("explain --json stamped.measured_here" "${v}" ON)
e2e_json(v "${explained}" verdict_now)
e2e_expect_equal("explain --json verdict_now" "${v}" fresh)
e2e_json(v "${explained}" changed_since_stamp)
e2e_expect_equal("explain --json changed_since_stamp" "${v}" OFF)
e2e_json(race_winner "${sidecar}" race planted winner)
e2e_json(v "${explained}" last_race winner)
e2e_expect_equal("explain --json last_race.winner (the sidecar's)" "${v}" "${race_winner}")
e2e_json(median "${sidecar}" race planted rows passes1 median_ns)
e2e_json(v "${explained}" last_race rows passes1 median_ns)
e2e_expect_equal("explain --json last_race row median (the sidecar's)" "${v}" "${median}")

# Rates: planted's fixture declares its work (fx.work(4096, "add")), twins' does not.
e2e_json(v "${sidecar}" race planted work unit)
e2e_expect_equal("sidecar race.planted.work.unit" "${v}" add)
e2e_json(v "${sidecar}" race planted work amount)
e2e_expect_matches("sidecar race.planted.work.amount" "${v}" "^4096(\\.0)?$")
string(REGEX MATCH "\n +passes1 +[0-9.]+ +[0-9.]+ [^\n]*" winner_line "${explain_text}")
e2e_expect_matches("tune explain planted: a rate per timed row" "${winner_line}" " [0-9.]+ [kMGT]?add/s +<- winner")
e2e_json(v "${sidecar}" race twins work)
e2e_expect_matches("sidecar race.twins has no work" "${v}" "^<missing")
e2e_run(explain-twins COMMAND "${E2E_TOOL}" explain twins --build-dir "${TREE}")
# No rate column and no rate: a number followed by a unit per second, as planted's rows show them.
string(REGEX MATCH "rounds +rate|[0-9] [kMGT]?[A-Za-z]*/s" rate "${E2E_OUTPUT}")
if(NOT rate STREQUAL "")
  e2e_fail("tune explain twins shows a rate ('${rate}') although its fixture declares no work")
endif()
e2e_expect_matches("tune explain twins: copyb is copya's code" "${E2E_OUTPUT}"
  "\n  copyb +same code as copya, raced for both\n")

# Hardware counters: each event of a timed row is counted, or the race table says why not; never a
# zero standing in for "could not read" (docs/measurement.md "Hardware counters").
foreach(event cycles instructions branch_misses cache_misses)
  e2e_json(counted "${sidecar}" race planted rows passes1 counters ${event})
  e2e_json(why "${sidecar}" race planted counters_unavailable ${event})
  if(counted MATCHES "^<missing" AND why MATCHES "^<missing")
    e2e_fail("sidecar race.planted: ${event} is neither counted for passes1 nor explained in counters_unavailable")
  elseif(NOT counted MATCHES "^<missing")
    e2e_expect_matches("sidecar race.planted.rows.passes1.counters.${event}" "${counted}" "^[0-9.eE+-]+$")
    if(counted MATCHES "^-" OR (event STREQUAL "instructions" AND counted MATCHES "^0(\\.0*)?$"))
      e2e_fail("sidecar race.planted.rows.passes1.counters.${event} is ${counted}: negative, or no instructions")
    endif()
    e2e_expect_contains("tune explain planted" "${explain_text}" "hardware counters per call")
  else()
    e2e_expect_contains("tune explain planted: why ${event} was not counted" "${explain_text}" "${why}")
  endif()
endforeach()

e2e_run(explain-unknown MAY_FAIL COMMAND "${E2E_TOOL}" explain nosuch --build-dir "${TREE}")
if(E2E_RC EQUAL 0)
  e2e_fail("tune explain of an undeclared family succeeded; it must fail")
endif()
e2e_expect_contains("tune explain nosuch" "${E2E_OUTPUT}" "no scope declares a family 'nosuch'")
# `tune rerun <impl_hash>` (docs/cmake-api.md "Reproducing a measurement"): planted's seat
# rebuilt from its recorded recipe, gated and timed again against the fallback, beside the
# recorded race; the sidecar is not written. A hash no row has, or too short, fails naming it.
e2e_json(seat_hash "${sidecar}" race planted rows passes1 impl_hash)
e2e_json(seat_median "${sidecar}" race planted rows passes1 median_ns)
file(READ "${TREE}/e2e.tune.json" before_rerun)
string(SUBSTRING "${seat_hash}" 0 12 seat_prefix)
e2e_run(rerun COMMAND "${E2E_TOOL}" rerun "${seat_prefix}" --build-dir "${TREE}")
e2e_expect_contains("tune rerun" "${E2E_OUTPUT}" "rerun of planted__passes1 (impl_hash ${seat_hash}), against passes4")
e2e_expect_contains("tune rerun: the recipe" "${E2E_OUTPUT}" "rebuilt from the recorded recipe: the code measured")
e2e_expect_matches("tune rerun: the gate, recorded and now" "${E2E_OUTPUT}" "\n  gate +passed +passed\n")
e2e_expect_matches("tune rerun: both medians, recorded and now" "${E2E_OUTPUT}"
  "\n  passes1 median +[0-9]+\\.[0-9] ns +[0-9]+\\.[0-9] ns\n  passes4 median +[0-9]+\\.[0-9] ns +[0-9]+\\.[0-9] ns\n")
e2e_expect_matches("tune rerun: the margin, recorded and now" "${E2E_OUTPUT}" "\n  passes1 over passes4 +\\+[0-9.]+% +\\+[0-9.]+%\n")
file(READ "${TREE}/e2e.tune.json" after_rerun)
e2e_expect_equal("tune rerun writes nothing into the sidecar" "${after_rerun}" "${before_rerun}")
e2e_run(rerun-unknown MAY_FAIL COMMAND "${E2E_TOOL}" rerun 0000000000000000 --build-dir "${TREE}")
e2e_expect_equal("tune rerun of a hash no row has fails" "${E2E_RC}" 1)
e2e_expect_contains("tune rerun of a hash no row has" "${E2E_OUTPUT}" "rerun 0000000000000000: no row of this build tree's sidecars has that impl_hash")
e2e_run(rerun-short MAY_FAIL COMMAND "${E2E_TOOL}" rerun abc --build-dir "${TREE}")
e2e_expect_contains("tune rerun of too short a hash" "${E2E_OUTPUT}" "rerun 'abc': give a row's impl_hash, at least its first 8 hex digits")

# Values from outside (docs/design/hostile-inputs.md "Numbers and values from the environment and
# the command line"): a number that is not finite is refused naming the option, and a long value is
# echoed clipped, as the sidecar's strings are. Neither races anything.
e2e_run(plan-budget-nan MAY_FAIL COMMAND "${E2E_TOOL}" plan search --budget nan
  --plan "${WORK_DIR}/nan.plan.json" --report "${WORK_DIR}/nan.report.json" -- true)
if(E2E_RC EQUAL 0)
  e2e_fail("tune plan search --budget nan succeeded; it must be refused")
endif()
e2e_expect_contains("tune plan search --budget nan" "${E2E_OUTPUT}"
  "--budget: 'nan' is not a finite number above 0 and at most 86400; give a number of seconds such as 30")
string(REPEAT "x" 10000 long_only)
e2e_run(mint-long-only MAY_FAIL COMMAND "${CMAKE_COMMAND}" -E env "TUNE_ONLY=${long_only}"
  "${E2E_TOOL}" mint --build-dir "${TREE}")
string(REPEAT "x" 64 clipped)
e2e_expect_contains("tune mint with a 10,000-character TUNE_ONLY" "${E2E_OUTPUT}"
  "TUNE_ONLY=${clipped}...: ${clipped}... selects no family")
string(FIND "${E2E_OUTPUT}" "${clipped}x" whole)
if(NOT whole EQUAL -1)
  e2e_fail("tune mint echoed a 10,000-character TUNE_ONLY unclipped")
endif()

e2e_finish()
