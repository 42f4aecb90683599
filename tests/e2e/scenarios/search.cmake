# A searched space (tests/e2e/search): 3,712 rows after the constraint, SEARCH auto within 400.
# The build compiles the reference alone; the tune target compiles no more rows than the budget
# (counted as the row objects on disk), seats the planted optimum past the decoy basin, and
# records its search; the program links that row and no other; a second tune searches nothing;
# explain and the bench's test say what the search did and did not visit; BUDGET_SECONDS stops it;
# a space of a million points is searched the same way.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
e2e_configure(configure "${E2E_DIR}/search" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release)
e2e_read(manifest "${bin}/tune/spaces/manifest.json")
e2e_json(space "${manifest}" families 0 search strategy)
e2e_expect_equal("the manifest declares the search" "${space}" "auto")

e2e_build(tune "${bin}" TARGET tune)
e2e_expect_contains("the search says what it searches" "${E2E_OUTPUT}"
  "cmake-tune: family planted searches 400 of its 3712 rows (auto search, seed 7)")
# The same mint stamps it: the rows its search built are read again before the stamp.
e2e_expect_matches("the tune target stamps the seat its search found" "${E2E_OUTPUT}"
  "\n  planted +a6_b5_c2_d7 +[0-9.]+ ns +sidecar, ")
e2e_read(sidecar "${bin}/e2e_search.tune.json")
e2e_json(seat "${sidecar}" kernels planted)
e2e_expect_equal("auto seats the planted optimum, not the decoy basin" "${seat}" "a6_b5_c2_d7")
foreach(member strategy seed space_size budget_rows stopped_because)
  e2e_json(${member} "${sidecar}" race planted search ${member})
endforeach()
e2e_expect_equal("search.strategy" "${strategy}" "auto")
e2e_expect_equal("search.seed" "${seed}" "7")
e2e_expect_equal("search.space_size (after the constraint)" "${space_size}" "3712")
e2e_expect_equal("search.budget_rows" "${budget_rows}" "400")
e2e_expect_matches("search.stopped_because" "${stopped_because}" "^(budget_rows|converged|space)$")
e2e_json(compiled "${sidecar}" race planted search compiled)
e2e_json(visited "${sidecar}" race planted search visited)
e2e_json(proposed "${sidecar}" race planted search proposed)
string(JSON proposed_n LENGTH "${proposed}")
e2e_json_members(raced "${sidecar}" race planted rows)
list(LENGTH raced raced_n)
if(compiled GREATER 400 OR proposed_n GREATER 400)
  e2e_fail("the search compiled ${compiled} rows and proposed ${proposed_n}; its budget is 400")
endif()
e2e_expect_equal("the table holds the rows the search visited" "${raced_n}" "${visited}")
# The row objects on disk: the reference's (built by the build) and one per row the tool compiled.
file(GLOB objects "${bin}/tune_rows/planted/planted__*.o")
list(LENGTH objects objects_n)
math(EXPR expected_objects "${compiled} + 1")
e2e_expect_equal("isolated row objects: the compiled rows and the reference" "${objects_n}" "${expected_objects}")
file(GLOB searched_dirs LIST_DIRECTORIES true "${bin}/tune_rows/planted/search/*")
list(LENGTH searched_dirs searched_n)
e2e_expect_equal("rows the tool compiled" "${searched_n}" "${compiled}")

e2e_run(sidecar-schema COMMAND "${SCHEMA_CHECK}" "${REPO}/docs/schemas/tune-sidecar-1.schema.json"
  "${bin}/e2e_search.tune.json")
e2e_run(manifest-schema COMMAND "${SCHEMA_CHECK}" "${REPO}/docs/schemas/tune-manifest-1.schema.json"
  "${bin}/tune/spaces/manifest.json")

e2e_build(app "${bin}")
e2e_run(run COMMAND "${bin}/app")
e2e_expect_contains("the app calls the seat" "${E2E_OUTPUT}" "planted=10")
e2e_symbols(syms "${bin}/app")
string(REGEX MATCHALL "planted__a[0-9]_b[0-9]_c[0-9]_d[0-9]" linked "${syms}")
list(REMOVE_DUPLICATES linked)
e2e_expect_equal("the app links the seat and no other row" "${linked}" "planted__a6_b5_c2_d7")

# Nothing changed: the second tune searches nothing and compiles nothing.
e2e_mtimes(rows_before "${bin}/tune_rows/planted")
e2e_wait_past_second()
e2e_build(again "${bin}" TARGET tune)
e2e_expect_contains("a second tune races nothing" "${E2E_OUTPUT}" "scope spaces: nothing raced")
e2e_expect_not_contains("and searches nothing" "${E2E_OUTPUT}" "search batch")
e2e_mtimes(rows_after "${bin}/tune_rows/planted")
e2e_expect_same_mtimes("no row is compiled again" "${rows_before}" "${rows_after}")
e2e_read(sidecar_after "${bin}/e2e_search.tune.json")
e2e_json(seat_after "${sidecar_after}" kernels planted)
e2e_expect_equal("the seat stands" "${seat_after}" "a6_b5_c2_d7")

e2e_run(explain COMMAND "${PREFIX}/bin/tune" explain planted --build-dir "${bin}")
e2e_expect_matches("explain tells the search" "${E2E_OUTPUT}"
  "searched ${visited} of 3712 rows \\(auto, seed 7\\): ${compiled} compiled in [0-9]+ batches")
e2e_expect_matches("and which batch timed a row" "${E2E_OUTPUT}" "timed in batch [0-9]+ of the family's search")

# The search's measurements as a landscape others can replay: the visited rows on the family's
# axes, with the constraint; and as T4 results. tune-search-bench runs the strategies on it.
e2e_run(export COMMAND "${PREFIX}/bin/tune" space export planted -o "${WORK_DIR}/planted.landscape.json"
  --build-dir "${bin}")
e2e_run(landscape-schema COMMAND "${SCHEMA_CHECK}" "${REPO}/docs/schemas/tune-search-landscape-1.schema.json"
  "${WORK_DIR}/planted.landscape.json")
e2e_read(landscape "${WORK_DIR}/planted.landscape.json")
e2e_json(points "${landscape}" points)
string(JSON points_n LENGTH "${points}")
e2e_expect_equal("the landscape holds the rows the search visited" "${points_n}" "${visited}")
e2e_json(constraint "${landscape}" constraints 0)
e2e_expect_equal("the landscape's constraint" "${constraint}" "A + B <= 11")
e2e_json(axis_d "${landscape}" axes D)
string(JSON values_d LENGTH "${axis_d}")
e2e_expect_equal("axis D's values" "${values_d}" 8)
e2e_run(export-t4 COMMAND "${PREFIX}/bin/tune" space export planted --format t4 -o "${WORK_DIR}/planted.t4.json"
  --build-dir "${bin}")
e2e_read(t4 "${WORK_DIR}/planted.t4.json")
e2e_json(t4_results "${t4}" results)
string(JSON t4_n LENGTH "${t4_results}")
e2e_expect_equal("T4 results: one per visited row" "${t4_n}" "${visited}")
e2e_run(export-unknown MAY_FAIL COMMAND "${PREFIX}/bin/tune" space export plantd -o "${WORK_DIR}/x.json"
  --build-dir "${bin}")
e2e_expect_contains("an unknown family is named with the families there" "${E2E_OUTPUT}"
  "no family plantd in this build tree; its families are: planted")
if(SEARCH_BENCH)
  e2e_run(search-bench COMMAND "${SEARCH_BENCH}" --landscape "${WORK_DIR}/planted.landscape.json" --seeds 3
    --budget-pct 10,50 --strategies auto,random --json "${WORK_DIR}/bench.json")
  e2e_read(bench "${WORK_DIR}/bench.json")
  e2e_json(results "${bench}" landscapes 0 results)
  string(JSON results_n LENGTH "${results}")
  e2e_expect_equal("tune-search-bench: 2 budgets x 2 strategies" "${results_n}" 4)
endif()

# The bench's test checks the rows the search built, which it finds in the table the tool archived
# with them, and knows no other: the registry declares the reference alone.
e2e_run(bench-test COMMAND "${bin}/tune/spaces/bench" test)
e2e_expect_matches("the bench's test checks the reference and the 400 rows the search built" "${E2E_OUTPUT}"
  "\n401 passed, 0 failed, 0 skipped")
e2e_expect_contains("and checks the seat" "${E2E_OUTPUT}" "ok   planted__a6_b5_c2_d7")

# A time budget: another budget searches again, and one second stops it after its first batch.
e2e_configure(seconds "${E2E_DIR}/search" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release -DPLANTED_BUDGET_SECONDS=1)
e2e_build(tune-seconds "${bin}" TARGET tune)
e2e_read(sidecar "${bin}/e2e_search.tune.json")
e2e_json(stopped "${sidecar}" race planted search stopped_because)
e2e_json(batches "${sidecar}" race planted search batches)
e2e_json(seconds "${sidecar}" race planted search budget_seconds)
e2e_expect_equal("BUDGET_SECONDS stops the search" "${stopped}" "budget_seconds")
e2e_expect_equal("after the batch that ran past it" "${batches}" "1")
e2e_expect_matches("search.budget_seconds" "${seconds}" "^1(\\.0)?$")

# Rows a search built that do not link (planted.c, D=9) are left out by the bench's link and
# reported, as a grid's are: the search goes on and seats a row that links.
set(linkfail "${WORK_DIR}/link-fail")
e2e_configure(link-fail "${E2E_DIR}/search" "${linkfail}" Ninja -DCMAKE_BUILD_TYPE=Release -DPLANTED_LINK_FAIL=ON)
e2e_build(tune-link-fail "${linkfail}" TARGET tune)
foreach(row a5_b4_c1_d9 a6_b4_c1_d9)
  e2e_expect_contains("row ${row} is left out by the link" "${E2E_OUTPUT}"
    "failed planted__${row}: link: the bench's link left it out: ")
endforeach()
e2e_read(sidecar "${linkfail}/e2e_search.tune.json")
e2e_json(seat "${sidecar}" kernels planted)
e2e_expect_matches("a row that links is seated" "${seat}" "^a[56]_b4_c1_d7$")

# A space of 1,113,600 points: configure lists the reference alone, the tool enumerates the space
# under its constraint and searches it like any other.
set(million "${WORK_DIR}/million")
e2e_configure(million "${E2E_DIR}/search" "${million}" Ninja -DCMAKE_BUILD_TYPE=Release -DPLANTED_MILLION=ON)
e2e_read(manifest "${million}/tune/spaces/manifest.json")
e2e_json(declared "${manifest}" families 0 rows)
string(JSON declared_n LENGTH "${declared}")
e2e_expect_equal("the manifest declares the reference alone" "${declared_n}" 1)
e2e_build(tune-million "${million}" TARGET tune)
e2e_expect_contains("the tool counts the space" "${E2E_OUTPUT}"
  "cmake-tune: family planted searches 48 of its 1113600 rows (auto search, seed 7)")
e2e_read(sidecar "${million}/e2e_search.tune.json")
e2e_json(space_size "${sidecar}" race planted search space_size)
e2e_json(seat "${sidecar}" kernels planted)
e2e_expect_equal("search.space_size" "${space_size}" "1113600")
e2e_expect_matches("a seat of the space" "${seat}" "^a[0-7]_b[0-7]_c[0-7]_d[0-7]_e[0-9]+$")

e2e_finish()
