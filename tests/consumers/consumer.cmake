# The consumer project (project/) loaded one way: it configures, its app builds (which pulls in
# the stamp step, hence the tool and the bench) and runs, and its stamp header exists.
#   -DLOAD=find_package   the tool installed by e2e.install; the build mints (policy auto)
#   -DLOAD=add_subdirectory | FetchContent   the tool compiled from REPO inside this build, under
#        TUNE_POLICY=fallback: nothing is measured, the stamp names the fallback
include("${E2E_DIR}/E2eLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
set(header "${bin}/tune/include/tune/kernels/total.h")
set(sidecar "${bin}/consumer.tune.json")

if(LOAD STREQUAL "find_package")
  e2e_configure(configure "${CMAKE_CURRENT_LIST_DIR}/project" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release
    -DCONSUMER_LOAD=find_package)
  e2e_build(build-app "${bin}" TARGET app)
  e2e_expect_contains("build of app (policy auto mints)" "${E2E_OUTPUT}" "cmake-tune: scope consumer tuned in")
  e2e_read(json "${sidecar}")
  e2e_json(seat "${json}" kernels total)
  if(NOT seat MATCHES "^unroll[14]$")
    e2e_fail("sidecar kernels.total: expected unroll1 or unroll4, got '${seat}'")
  endif()
  e2e_read(text "${header}")
  e2e_expect_contains("stamp header total.h" "${text}" "total = ${seat} (source: sidecar")
  e2e_expect_absent("${bin}/cmake-tune")
else()
  e2e_configure(configure "${CMAKE_CURRENT_LIST_DIR}/project" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release
    "-DCONSUMER_LOAD=${LOAD}" "-DCONSUMER_TUNE_SOURCE=${REPO}"
    -DTUNE_BUILD_TESTS=OFF -DTUNE_BUILD_KERNELS=OFF -DTUNE_BUILD_BENCHMARKS=OFF)
  e2e_build(build-app "${bin}" TARGET app ENV TUNE_POLICY=fallback)
  # The tool this build stamped with is the one it compiled.
  if(LOAD STREQUAL "add_subdirectory")
    e2e_expect_exists("${bin}/cmake-tune/tuner/cli/tune")
  else()
    e2e_expect_exists("${bin}/_deps/cmake_tune-build/tuner/cli/tune")
  endif()
  e2e_expect_not_contains("build of app under TUNE_POLICY=fallback (must not measure)" "${E2E_OUTPUT}" "tuning scope")
  e2e_expect_absent("${sidecar}")
  e2e_read(text "${header}")
  e2e_expect_contains("stamp header total.h" "${text}" "total = unroll1 (source: fallback)")
endif()

e2e_run(run-app MAY_FAIL COMMAND "${bin}/app")
e2e_expect_equal("exit code of the consumer's app" "${E2E_RC}" 0)
e2e_expect_contains("output of the consumer's app" "${E2E_OUTPUT}" "total=500500 count=500500")
# The generator's row joined the family in every way of loading cmake-tune.
e2e_read(manifest "${bin}/tune/consumer/manifest.json")
e2e_expect_contains("the generated row in the manifest" "${manifest}" "\"suffix\": \"unroll8\"")
# Installing the consumer installs its program; cmake-tune's own files only where cmake-tune is the
# top-level project (TUNE_INSTALL), never through a consumer.
set(prefix "${WORK_DIR}/prefix")
e2e_run(install MAY_FAIL COMMAND "${CMAKE_COMMAND}" --install "${bin}" --prefix "${prefix}")
e2e_expect_equal("exit code of cmake --install" "${E2E_RC}" 0)
e2e_expect_exists("${prefix}/bin/app")
e2e_expect_absent("${prefix}/bin/tune")
e2e_expect_absent("${prefix}/lib/cmake/Tune")
e2e_expect_absent("${prefix}/include/tune")
if(LOAD STREQUAL "find_package")
  e2e_expect_exists("${prefix}/bin/app.tune.json")
endif()
e2e_finish()
