# OpenMP rows with GCC and with Clang (tests/e2e/openmp): the locks an OpenMP `reduction` or
# `critical` section uses (.gomp_critical_user_*) belong to the OpenMP runtime and, by OpenMP's
# rules, to the whole program, so every row keeps them global and shares them; the rows pass
# isolation, the gate and the race under either compiler, and the program calls its seat. A row
# whose own global holds real state is still refused by isolation and left out, naming the global.
# Nothing here asserts a timing or a winner.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

e2e_fresh_dir()
# The export refuses a mint whose noise probe was overridden; a shared box must not fail this test.
set(ENV{TUNE_NOISE_CEILING} 100)

foreach(compiler "${CXX}" "${CLANGXX}")
  get_filename_component(label "${compiler}" NAME)
  set(bin "${WORK_DIR}/${label}")
  e2e_configure(configure-${label} "${E2E_DIR}/openmp" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release
    "-DCMAKE_CXX_COMPILER=${compiler}")
  e2e_build(build-${label} "${bin}")

  set(rows "${bin}/tune_rows/osum")
  foreach(impl reduction critical atomic)
    e2e_expect_absent("${rows}/osum__impl${impl}.fail.txt")
    execute_process(COMMAND "${NM}" -g --defined-only "${rows}/osum__impl${impl}.o" OUTPUT_VARIABLE globals)
    e2e_expect_matches("${label}: row impl${impl} exports its entry" "${globals}" " T _Z[0-9]+osum__impl${impl}PKdm\n")
  endforeach()
  execute_process(COMMAND "${NM}" -g --defined-only "${rows}/osum__implcritical.o" OUTPUT_VARIABLE globals)
  e2e_expect_matches("${label}: the named critical section's lock stays global, for the whole program"
    "${globals}" " [BC] [.]gomp_critical_user_osum_join(.var)?\n")

  e2e_read(sidecar "${bin}/e2e_openmp.tune.json")
  foreach(impl serial reduction critical atomic)
    e2e_json(reason "${sidecar}" race osum rows impl${impl} last_fail_reason)
    e2e_expect_matches("${label}: row impl${impl} raced without a failure" "${reason}" "^<missing")
  endforeach()
  e2e_json(stage "${sidecar}" race osum rows implshared last_fail_reason stage)
  e2e_expect_equal("${label}: the row with a global of its own is refused by isolation" "${stage}" "isolate")
  e2e_read(record "${rows}/osum__implshared.fail.txt")
  e2e_expect_contains("${label}: the refusal names the global" "${record}" "osum_total")

  e2e_run(app-${label} COMMAND "${bin}/app")
  e2e_expect_contains("${label}: the app sums through its stamp" "${E2E_OUTPUT}" "osum=1000")
endforeach()
e2e_finish()
