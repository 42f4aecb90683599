# The consumer project (project/) loaded one way: it configures, its C++ app and its C program
# build (which pulls in the stamp step, hence the tool and the bench) and run, and their stamp
# headers exist. docs/tutorial.md walks a user through this project and these commands.
#   -DLOAD=find_package   the tool installed by e2e.install; the build mints (policy auto)
#   -DLOAD=add_subdirectory   the tool compiled from REPO inside this build
#   -DLOAD=FetchContent       REPO fetched, with the tool e2e.install installed as TUNE_HOST_TOOL:
#        only what links into the benches and programs is compiled, the tool is not
#   Both build under TUNE_POLICY=fallback: nothing is measured, the stamp names the fallback.
include("${E2E_DIR}/E2eLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
set(header "${bin}/tune/include/tune/kernels/total.h")
set(sidecar "${bin}/consumer.tune.json")

# docs/tutorial.md shows every file of the project as it is, so this test proves what it says.
file(READ "${REPO}/docs/tutorial.md" tutorial)
foreach(name CMakeLists.txt total.cpp total_fixture.cpp propose.sh count_fixture.cpp scale.c scale_fixture.cpp
    app.cpp c_main.c)
  file(READ "${CMAKE_CURRENT_LIST_DIR}/project/${name}" text)
  string(FIND "${tutorial}" "`${name}`:\n\n```" heading)
  string(FIND "${tutorial}" "${text}```" shown)
  if(heading EQUAL -1 OR shown EQUAL -1)
    e2e_fail("docs/tutorial.md does not show tests/consumers/project/${name} as it is: copy the file into its "
      "code block under `${name}`:")
  endif()
endforeach()

if(LOAD STREQUAL "find_package")
  set(tool "${PREFIX}/bin/tune")
  # CC (and CXX): the consumer's compilers, when the test names them (consumer.find_package-clang).
  set(c_compiler "")
  if(CC)
    set(c_compiler "-DCMAKE_C_COMPILER=${CC}")
  endif()
  e2e_configure(configure "${CMAKE_CURRENT_LIST_DIR}/project" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release
    -DCONSUMER_LOAD=find_package ${c_compiler})
  e2e_expect_contains("the consumer's C++ compiler" "${E2E_OUTPUT}" "${CXX}")
  e2e_build(build-app "${bin}" TARGET app)
  e2e_expect_contains("build of app (policy auto mints)" "${E2E_OUTPUT}" "cmake-tune: scope consumer tuned in")
  # While it tunes, it says why without the verdict's advice to build the tune target.
  e2e_expect_contains("build of app (why it tunes)" "${E2E_OUTPUT}" "has not been tuned in this build tree.")
  e2e_expect_not_contains("build of app (while tuning)" "${E2E_OUTPUT}" "target to measure")
  e2e_read(json "${sidecar}")
  e2e_json(seat "${json}" kernels total)
  if(NOT seat MATCHES "^unroll[14]$")
    e2e_fail("sidecar kernels.total: expected unroll1 or unroll4, got '${seat}'")
  endif()
  e2e_read(text "${header}")
  e2e_expect_contains("stamp header total.h" "${text}" "total = ${seat} (source: sidecar")
  e2e_build(build-c-main "${bin}" TARGET c_main)
  e2e_json(seat "${json}" kernels scale)
  e2e_read(text "${bin}/tune/include/tune/kernels/scale.h")
  e2e_expect_contains("stamp header scale.h" "${text}" "scale = ${seat} (source: sidecar")
  e2e_expect_absent("${bin}/cmake-tune")
else()
  # No build type, CMake's default: what cmake-tune compiles here (the tool and the harness, or the
  # harness alone) compiles in the consumer's configuration, and with no flags (neither -O nor -g)
  # in half of Debug's time (the find_package consumer builds Release).
  set(host_tool "")
  if(LOAD STREQUAL "FetchContent")
    set(host_tool "-DTUNE_HOST_TOOL=${PREFIX}/bin/tune")
  endif()
  e2e_configure(configure "${CMAKE_CURRENT_LIST_DIR}/project" "${bin}" Ninja -DCMAKE_BUILD_TYPE=
    "-DCONSUMER_LOAD=${LOAD}" "-DCONSUMER_TUNE_SOURCE=${REPO}" ${host_tool}
    -DTUNE_BUILD_TESTS=OFF -DTUNE_BUILD_KERNELS=OFF -DTUNE_BUILD_BENCHMARKS=OFF)
  e2e_build(build-app "${bin}" TARGET app ENV TUNE_POLICY=fallback)
  # The tool this build stamped with: the one it compiled, or the one it was given, and then no
  # part of the tool beyond the harness was compiled.
  if(LOAD STREQUAL "add_subdirectory")
    set(tool "${bin}/cmake-tune/tuner/cli/tune")
    e2e_expect_exists("${tool}")
  else()
    set(tool "${PREFIX}/bin/tune")
    e2e_expect_absent("${bin}/_deps/cmake_tune-build/tuner/cli")
    e2e_expect_absent("${bin}/_deps/cmake_tune-build/tuner/mint")
    e2e_expect_exists("${bin}/_deps/cmake_tune-build/tuner/harness/libtune_harness.a")
    e2e_read(commands "${bin}/build.ninja")
    e2e_expect_contains("the stamp step runs the given tool" "${commands}" "${PREFIX}/bin/tune")
  endif()
  e2e_expect_not_contains("build of app under TUNE_POLICY=fallback (must not measure)" "${E2E_OUTPUT}" "tuning scope")
  e2e_expect_absent("${sidecar}")
  e2e_read(text "${header}")
  e2e_expect_contains("stamp header total.h" "${text}" "total = unroll1 (source: fallback)")
  e2e_build(build-c-main "${bin}" TARGET c_main ENV TUNE_POLICY=fallback)
  e2e_read(text "${bin}/tune/include/tune/kernels/scale.h")
  e2e_expect_contains("stamp header scale.h" "${text}" "scale = unroll1 (source: fallback)")
endif()

e2e_run(run-app MAY_FAIL COMMAND "${bin}/app")
e2e_expect_equal("exit code of the consumer's app" "${E2E_RC}" 0)
e2e_expect_contains("output of the consumer's app" "${E2E_OUTPUT}" "total=500500 count=500500")
e2e_run(run-c-main MAY_FAIL COMMAND "${bin}/c_main")
e2e_expect_equal("exit code of the consumer's C program" "${E2E_RC}" 0)
e2e_expect_contains("output of the consumer's C program" "${E2E_OUTPUT}" "c: scale sum=1001000")
# The generator's row joined the family in every way of loading cmake-tune.
e2e_read(manifest "${bin}/tune/consumer/manifest.json")
e2e_expect_contains("the generated row in the manifest" "${manifest}" "\"suffix\": \"unroll8\"")
# ... and `tune status` and `tune explain` say which row the generator proposed, and its basis.
e2e_run(status COMMAND "${tool}" status --build-dir "${bin}")
e2e_expect_contains("tune status" "${E2E_OUTPUT}" "count: 1 row(s) proposed by its GENERATOR (tune explain count): unroll8")
e2e_run(explain-count COMMAND "${tool}" explain count --build-dir "${bin}")
e2e_expect_contains("tune explain count" "${E2E_OUTPUT}" "a wider unroll")
e2e_run(explain-count-json COMMAND "${tool}" explain count --json --build-dir "${bin}")
e2e_json(basis "${E2E_OUTPUT}" generated rows unroll8)
e2e_expect_equal("explain --json generated.rows.unroll8" "${basis}" "a wider unroll")
e2e_build(tune-status-target "${bin}" TARGET tune-status)
e2e_expect_contains("the tune-status target" "${E2E_OUTPUT}" "count: 1 row(s) proposed by its GENERATOR")
e2e_run(report COMMAND "${tool}" report --build-dir "${bin}")
e2e_read(page "${bin}/tune-report.html")
e2e_expect_contains("the report: the generator's row and its basis" "${page}"
  "<li data-row=\"unroll8\"><b>unroll8</b>: a wider unroll</li>")
# Installing the consumer installs its program; cmake-tune's own files only where cmake-tune is the
# top-level project (TUNE_INSTALL), never through a consumer.
set(prefix "${WORK_DIR}/prefix")
e2e_run(install MAY_FAIL COMMAND "${CMAKE_COMMAND}" --install "${bin}" --prefix "${prefix}")
e2e_expect_equal("exit code of cmake --install" "${E2E_RC}" 0)
e2e_expect_exists("${prefix}/bin/app")
e2e_expect_exists("${prefix}/bin/c_main")
e2e_expect_absent("${prefix}/bin/tune")
e2e_expect_absent("${prefix}/lib/cmake/Tune")
e2e_expect_absent("${prefix}/include/tune")
if(LOAD STREQUAL "find_package")
  e2e_expect_exists("${prefix}/bin/app.tune.json")
endif()

# A re-mint, with the generator asked again, compiles nothing unless it moved a seat: these
# families are not planted, so one may move (issue 46). The mint measures beside other tests
# here; the override keeps a noisy machine from refusing it.
e2e_expect_remint_compiles_nothing(remint-target "${bin}" "no work to do" SEATS_MAY_MOVE
  COMMAND "${CMAKE_COMMAND}" -E env TUNE_ALL=1 TUNE_NOISE_OVERRIDE=1 "${CMAKE_COMMAND}" --build "${bin}" --target tune)
e2e_expect_remint_compiles_nothing(remint-all "${bin}" "no work to do" SEATS_MAY_MOVE
  COMMAND "${CMAKE_COMMAND}" -E env TUNE_NOISE_OVERRIDE=1 "${tool}" mint --all --build-dir "${bin}")
e2e_finish()
