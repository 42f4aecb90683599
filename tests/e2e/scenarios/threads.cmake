# Thread pools (docs/measurement.md "Thread pools", docs/profiles-and-policy.md "Thread pools in
# profiles"), with family psum of tests/e2e/threads: an OpenMP row and a serial row. Without
# THREADS the OpenMP row runs on 1 thread in the race, with THREADS 2 on 2: as the row itself reads
# it (omp_get_max_threads), as the race table records it and as the exported profile carries it.
# A profile seat raced with THREADS all on more CPUs than this allocation is raced here, saying
# why; on as many or fewer it is adopted. Nothing here asserts a timing or a winner.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
set(sidecar "${bin}/e2e_threads.tune.json")
set(manifest "${bin}/tune/pools/manifest.json")
set(tool "${PREFIX}/bin/tune")
# The export refuses a mint whose noise probe was overridden; a shared box must not fail this test.
set(ENV{TUNE_NOISE_CEILING} 100)

# e2e_pools(<label> <threads>): races psum with the tune target and checks the pool size the
# OpenMP row saw, the race table's threads and cores, and the exported profile's threads.
function(e2e_pools label threads)
  set(log "${WORK_DIR}/pool-${label}.txt")
  e2e_build(tune-${label} "${bin}" TARGET tune ENV "E2E_POOL_LOG=${log}")
  e2e_read(seen "${log}")
  e2e_expect_contains("${label}: the OpenMP row ran in the race" "${seen}" "omp_get_max_threads=${threads}\n")
  string(REGEX REPLACE "omp_get_max_threads=${threads}\n" "" other "${seen}")
  e2e_expect_equal("${label}: every process gave the OpenMP row ${threads} thread(s)" "${other}" "")
  e2e_read(json "${sidecar}")
  e2e_json(recorded "${json}" race psum threads)
  e2e_expect_equal("${label}: race.psum.threads" "${recorded}" "${threads}")
  e2e_json(cores "${json}" race psum cores)
  e2e_expect_matches("${label}: race.psum.cores" "${cores}" "^[1-9][0-9]*$")
  e2e_run(export-${label} COMMAND "${tool}" profile export --manifest "${manifest}" --out "${WORK_DIR}/${label}.json")
  e2e_read(profile "${WORK_DIR}/${label}.json")
  e2e_json(exported "${profile}" threads psum)
  e2e_expect_equal("${label}: the exported profile's threads.psum" "${exported}" "${threads}")
  set(profile "${profile}" PARENT_SCOPE)
endfunction()

# Not Release: a release build races every seat it did not measure, and never adopts one.
e2e_configure(configure "${E2E_DIR}/threads" "${bin}" Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo)
e2e_pools(default 1)
e2e_configure(configure-2 "${E2E_DIR}/threads" "${bin}" Ninja -DPSUM_THREADS=2)
e2e_pools(threads2 2)

# THREADS all, and a committed profile whose seat was raced so on a box bigger than any this test
# runs on: the build under auto races psum instead of adopting it, and says why.
e2e_json(cls "${profile}" class)
set(committed "${bin}/profiles/${cls}.tune-defaults.json")
string(JSON profile SET "${profile}" kernels psum "\"implomp\"")
string(JSON profile SET "${profile}" threads psum "\"all\"")
string(JSON profile SET "${profile}" cpus "{\"psum\": 100000}")
file(WRITE "${committed}" "${profile}")
e2e_configure(configure-all "${E2E_DIR}/threads" "${bin}" Ninja -DPSUM_THREADS=all)
e2e_build(build-all "${bin}")
e2e_unwrap(out "${E2E_OUTPUT}")
e2e_expect_matches("the seat raced on 100000 CPUs is raced here, and the line says why" "${out}"
  "not adopted from profiles: psum \\(profile ${cls} raced its seat with THREADS all on 100000 CPUs, and this allocation has [1-9][0-9]*\\)")
e2e_read(json "${sidecar}")
e2e_json(verdict "${json}" race psum verdict)
e2e_expect_matches("race.psum was measured here" "${verdict}" "^(won|holds|tie|demoted)$")
e2e_json(recorded "${json}" race psum threads)
e2e_expect_equal("race.psum.threads under THREADS all" "${recorded}" "all")

# The same seat raced on one CPU fits any box: with no sidecar, the profile covers the scope.
string(JSON profile SET "${profile}" cpus psum 1)
file(WRITE "${committed}" "${profile}")
file(REMOVE "${sidecar}")
e2e_build(build-adopt "${bin}")
e2e_expect_not_contains("nothing is raced" "${E2E_OUTPUT}" "tuning scope pools")
e2e_read(header "${bin}/tune/include/tune/kernels/psum.h")
e2e_expect_contains("the profile's seat is stamped" "${header}" "psum = implomp (source: profile")
e2e_run(app COMMAND "${bin}/app")
e2e_expect_contains("the app sums through its stamp" "${E2E_OUTPUT}" "psum=1000")
e2e_finish()
