# The search under a fault (issue 46): the planted space of tests/e2e/search, small (36 rows, two
# batches), tuned with one fault at one phase of its first batch, delivered by the program the
# search runs there (tests/e2e/faults/hook.sh):
#   -DPHASE=compile|isolate|archive|link|race   -DKIND=int|kill   SIGINT or SIGKILL to `tune`
#   -DPHASE=compile -DKIND=compiler             the compiler killed with SIGKILL mid-batch
# The faulted tune fails; the next tune resumes: it compiles no row the first one finished
# (isolated and recorded), finds the planted optimum an uninterrupted search finds, and leaves
# no partial archive or temporary file.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
set(hooks "${WORK_DIR}/hooks")
file(MAKE_DIRECTORY "${hooks}")
foreach(name launcher objcopy ar ld runner)
  file(COPY_FILE "${E2E_DIR}/faults/hook.sh" "${hooks}/${name}")
  file(CHMOD "${hooks}/${name}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
endforeach()
set(ENV{FAULT_LOG} "${WORK_DIR}/compiles.log")
set(ENV{FAULT_MARK} "${WORK_DIR}/fault")

e2e_configure(configure "${E2E_DIR}/search" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release -DPLANTED_SMALL=ON
  "-DCMAKE_C_COMPILER_LAUNCHER=${hooks}/launcher" "-DCMAKE_OBJCOPY=${hooks}/objcopy" "-DCMAKE_AR=${hooks}/ar"
  "-DCMAKE_EXE_LINKER_FLAGS=-B${hooks}/" "-DTUNE_TARGET_RUNNER=${hooks}/runner")
# The build stamps the fallback; the tune targets alone search.
e2e_build(build "${bin}" ENV TUNE_POLICY=fallback)

e2e_build(faulted "${bin}" MAY_FAIL TARGET tune ENV "FAULT_PHASE=${PHASE}" "FAULT_KIND=${KIND}")
e2e_expect_exists("${WORK_DIR}/fault")
if(E2E_RC EQUAL 0)
  e2e_fail("the tune target went on past a fault at ${PHASE} (${KIND}) and succeeded")
endif()
# What the fault left running (the program it interrupted) ends before the next tune starts.
foreach(_ RANGE 100)
  if(EXISTS "${WORK_DIR}/fault/done")
    break()
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" -E sleep 0.2)
endforeach()
e2e_expect_exists("${WORK_DIR}/fault/done")
execute_process(COMMAND "${CMAKE_COMMAND}" -E sleep 1)

# The rows the faulted tune finished: isolated, and recorded for the next search to reuse.
file(GLOB finished RELATIVE "${bin}/tune_rows/planted" "${bin}/tune_rows/planted/planted__*.o.tune-cmd")
list(TRANSFORM finished REPLACE "^planted__(.*)[.]o[.]tune-cmd$" "\\1")
file(WRITE "${WORK_DIR}/compiles.log" "")

# Past the first batch's compiles and isolation, its 31 rows (32 less the reference, which the
# build compiles) are finished, and the next search compiles the 4 of the second batch alone.
list(LENGTH finished finished_n)
if(PHASE MATCHES "^(archive|link|race)$")
  e2e_expect_equal("rows the faulted tune finished" "${finished_n}" 31)
  if(NOT finished_n EQUAL 31 AND EXISTS "${WORK_DIR}/fault/delivered")
    file(READ "${WORK_DIR}/fault/delivered" delivered)
    message(STATUS "e2e: what hook.sh faulted: ${delivered}")
  endif()
endif()
# ar wrote the archive's temporary, which the faulted tune never renamed: the next tune must
# not leave it.
if(PHASE STREQUAL "archive")
  e2e_expect_exists("${bin}/tune_rows/planted/libtune_search_planted.a.tmp")
endif()

e2e_build(resume "${bin}" TARGET tune)
e2e_read(compiles "${WORK_DIR}/compiles.log")
string(REGEX MATCHALL "\n" lines "${compiles}")
list(LENGTH lines compiled_n)
math(EXPR expected_n "35 - ${finished_n}")
e2e_expect_equal("rows the resumed search compiles" "${compiled_n}" "${expected_n}")
foreach(suffix IN LISTS finished)
  e2e_expect_not_contains("the resumed search compiles no row the faulted one finished" "${compiles}"
    "/search/${suffix}/")
endforeach()
e2e_read(sidecar "${bin}/e2e_search.tune.json")
e2e_json(seat "${sidecar}" kernels planted)
e2e_expect_equal("the resumed search seats the planted optimum" "${seat}" "a6_b5_c2_d7")
e2e_json(visited "${sidecar}" race planted search visited)
e2e_expect_equal("the resumed search visits the whole space" "${visited}" "36")

file(GLOB_RECURSE leftovers "${bin}/*.tmp" "${bin}/*.tmp.o" "${bin}/*.tmp.*")
e2e_expect_equal("temporary files left in the tree" "${leftovers}" "")
e2e_build(app "${bin}")
e2e_run(run COMMAND "${bin}/app")
e2e_expect_contains("the app calls the seat" "${E2E_OUTPUT}" "planted=10")
e2e_finish()
