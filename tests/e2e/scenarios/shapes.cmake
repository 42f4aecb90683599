# A family with SHAPES (tests/e2e/shapes): built, tuned and run. Each shape is its own seat, raced
# with the fixture at its size; the planted winners differ per shape, the stamp's dispatcher calls
# each shape's row for sizes in its range and on the conditions' boundaries, and only the seated
# rows are linked.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
e2e_configure(configure "${E2E_DIR}/shapes" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release)
e2e_build(build "${bin}")

e2e_read(sidecar "${bin}/e2e_shapes.tune.json")
foreach(shape small medium large)
  e2e_json(seat "${sidecar}" kernels "sum@${shape}")
  e2e_expect_equal("shape ${shape} is seated with its planted winner" "${seat}" "fast${shape}")
  e2e_json(verdict "${sidecar}" race "sum@${shape}" verdict)
  e2e_expect_equal("shape ${shape}'s race crowned it" "${verdict}" "won")
endforeach()
if(SCHEMA_CHECK)
  e2e_run(schema COMMAND "${SCHEMA_CHECK}" "${REPO}/docs/schemas/tune-sidecar-1.schema.json" "${bin}/e2e_shapes.tune.json")
endif()
e2e_json_members(kernels "${sidecar}" kernels)
e2e_expect_equal("the sidecar's seats are the shapes, not the family" "${kernels}" "sum@large;sum@medium;sum@small")

e2e_read(header "${bin}/tune/include/tune/kernels/sum.h")
e2e_expect_contains("the stamp dispatches on the conditions in order" "${header}"
  "inline float sum(const float* a, std::size_t n, int* row) {
  if (n <= 1000) return ::sum__fastsmall(a, n, row);  // sum@small
  if (n <= 100000) return ::sum__fastmedium(a, n, row);  // sum@medium
  return ::sum__fastlarge(a, n, row);  // sum@large
}")

e2e_run(app COMMAND "${bin}/app")
foreach(call "n=1 row=1 sum=1" "n=512 row=1 sum=512" "n=1000 row=1 sum=1000" "n=1001 row=2 sum=1001"
    "n=20000 row=2 sum=20000" "n=100000 row=2 sum=100000" "n=100001 row=3 sum=100001" "n=300001 row=3 sum=300001")
  e2e_expect_contains("the dispatcher calls the shape's row" "${E2E_OUTPUT}" "${call}\n")
endforeach()
foreach(shape small medium large)
  e2e_expect_contains("tune::status() has a row per shape" "${E2E_OUTPUT}" "status sum@${shape} fast${shape} sidecar\n")
endforeach()

e2e_symbols(syms "${bin}/app")
foreach(shape small medium large)
  e2e_expect_contains("the seated row of ${shape} is linked" "${syms}" " sum__fast${shape}(")
endforeach()
e2e_expect_not_contains("no row that no shape seats" "${syms}" "sum__fastnone")

e2e_run(explain COMMAND "${PREFIX}/bin/tune" explain sum --build-dir "${bin}")
foreach(shape small medium large)
  e2e_expect_contains("tune explain sum explains every seat" "${E2E_OUTPUT}" "sum@${shape} (scope sums, 4 rows")
endforeach()
e2e_run(explain-json MAY_FAIL COMMAND "${PREFIX}/bin/tune" explain sum --json --build-dir "${bin}")
e2e_expect_contains("--json asks for one seat" "${E2E_OUTPUT}" "give one of sum@small, sum@medium, sum@large with --json")
# A row is raced once per shape, with one impl_hash: tune rerun asks which seat, and reruns it there.
e2e_json(hash "${sidecar}" race "sum@small" rows fastnone impl_hash)
e2e_run(rerun-which MAY_FAIL COMMAND "${PREFIX}/bin/tune" rerun "${hash}" --build-dir "${bin}")
e2e_expect_equal("tune rerun of a row of three seats fails" "${E2E_RC}" "1")
e2e_expect_contains("and asks for the seat" "${E2E_OUTPUT}" "row fastnone was raced in 3 seats")
e2e_run(rerun-seat COMMAND "${PREFIX}/bin/tune" rerun "${hash}" --seat sum@medium --build-dir "${bin}")
e2e_expect_contains("tune rerun --seat reruns it in that seat" "${E2E_OUTPUT}" "rerun of sum@medium__fastnone")
e2e_run(bench-test COMMAND "${bin}/tune/sums/bench" test)
e2e_expect_contains("every row is checked at every shape" "${E2E_OUTPUT}" "12 passed, 0 failed")
e2e_finish()
