# Fortran kernel families (tests/e2e/fortran), with Ninja (CMake preprocesses Fortran in a step of
# its own) and with Makefiles (the compile preprocesses): each row compiles through the project's
# Fortran launcher with its macros, keeps its modules in a folder of its own, and is isolated with
# its module's procedure and variable made local; the planted 2x row is crowned and stamped, and C++
# and C programs call it by the family's name through the stamp header, a Fortran program through
# the stamp's module tune_kernels_fdot, gfortran's runtime linked in. A row
# with a COMMON block is refused by isolation, one that does not compile is left out with its first
# lines, and neither fails the build. Each row records what its compile read.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

# docs/tutorial.md shows the project's kernel, fixture and Fortran program as they are, and its
# CMake block holds only lines of the project's CMakeLists.txt.
file(READ "${REPO}/docs/tutorial.md" tutorial)
foreach(name fdot.F90 fdot_fixture.cpp f_app.f90)
  file(READ "${E2E_DIR}/fortran/${name}" text)
  string(FIND "${tutorial}" "`${name}`:\n\n```" heading)
  string(FIND "${tutorial}" "${text}```" shown)
  if(heading EQUAL -1 OR shown EQUAL -1)
    e2e_fail("docs/tutorial.md does not show tests/e2e/fortran/${name} as it is: copy the file into its code block "
      "under `${name}`:")
  endif()
endforeach()
string(FIND "${tutorial}" "## A kernel in Fortran" at)
string(SUBSTRING "${tutorial}" ${at} -1 section)
if(at EQUAL -1 OR NOT section MATCHES "```cmake\n([^`]*)```")
  e2e_fail("docs/tutorial.md has no ```cmake block in its section \"A kernel in Fortran\"")
endif()
string(REPLACE "\n" ";" lines "${CMAKE_MATCH_1}")
file(READ "${E2E_DIR}/fortran/CMakeLists.txt" project_text)
foreach(line IN LISTS lines)
  string(FIND "${project_text}" "${line}\n" at)
  if(NOT line STREQUAL "" AND at EQUAL -1)
    e2e_fail("docs/tutorial.md's CMake block for Fortran shows '${line}', which tests/e2e/fortran/CMakeLists.txt "
      "does not hold")
  endif()
endforeach()

e2e_fresh_dir()
# Standing in for ccache: a launcher that logs each compile's arguments, then runs it.
set(log "${WORK_DIR}/launched.txt")
set(launcher "${WORK_DIR}/record-launcher.sh")
file(WRITE "${launcher}" "#!/bin/sh\necho \"$*\" >> '${log}'\nexec \"$@\"\n")
file(CHMOD "${launcher}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)

foreach(generator Ninja "Unix Makefiles")
  string(REPLACE " " "-" label "${generator}")
  set(bin "${WORK_DIR}/${label}")
  file(REMOVE "${log}")
  e2e_configure(configure-${label} "${E2E_DIR}/fortran" "${bin}" "${generator}" -DCMAKE_BUILD_TYPE=Release
    "-DCMAKE_Fortran_COMPILER=${FC}" "-DCMAKE_Fortran_COMPILER_LAUNCHER=${launcher}")
  e2e_build(build-${label} "${bin}")

  e2e_read(launched "${log}")
  foreach(work 1 2)
    e2e_expect_matches("${label}: row work${work} compiles through the project's Fortran launcher" "${launched}"
      "-o [^\n]*tune_obj_fdot__work${work}[^\n]*[.]o")
    e2e_expect_exists("${bin}/tune_rows/fdot/modules/work${work}/fdot_helpers.mod")
    execute_process(COMMAND "${NM}" -g --defined-only "${bin}/tune_rows/fdot/fdot__work${work}.o"
      OUTPUT_VARIABLE globals)
    string(STRIP "${globals}" globals)
    e2e_expect_matches("${label}: row work${work} exports its entry alone, its module's entities local"
      "${globals}" "^[0-9a-f]+ T fdot__work${work}$")
    e2e_read(identity "${bin}/tune_rows/fdot/fdot__work${work}.identity.json")
    e2e_expect_contains("${label}: row work${work} records that its compile read fdot.F90" "${identity}"
      "${E2E_DIR}/fortran/fdot.F90\"")
  endforeach()

  e2e_read(sidecar "${bin}/e2e_fortran.tune.json")
  e2e_json(winner "${sidecar}" kernels fdot)
  e2e_expect_equal("${label}: the planted 2x Fortran row is crowned" "${winner}" "work1")
  e2e_json(winner "${sidecar}" kernels fdots)
  e2e_expect_equal("${label}: the searched Fortran family seats its planted 4x row" "${winner}" "work1")
  foreach(work 3 2 1)
    execute_process(COMMAND "${NM}" -g --defined-only "${bin}/tune_rows/fdots/fdots__work${work}.o"
      OUTPUT_VARIABLE globals)
    string(STRIP "${globals}" globals)
    e2e_expect_matches("${label}: the search compiled row work${work} with its own macros" "${globals}"
      "^[0-9a-f]+ T fdots__work${work}$")
    file(GLOB modules "${bin}/tune_rows/fdots/search/work${work}/*.modules/fdot_helpers.mod")
    e2e_expect_matches("${label}: in a module folder of its own" "${modules}" "/search/work${work}/")
  endforeach()
  e2e_json(winner "${sidecar}" kernels fbad)
  e2e_expect_equal("${label}: the Fortran family with bad rows is minted" "${winner}" "kindgood")
  e2e_json(stage "${sidecar}" race fbad rows kindcommon last_fail_reason stage)
  e2e_expect_equal("${label}: the COMMON row is refused by isolation" "${stage}" "isolate")
  e2e_read(record "${bin}/tune_rows/fbad/fbad__kindcommon.fail.txt")
  e2e_expect_contains("${label}: the refusal names the COMMON block" "${record}"
    "fbad_total_ (common storage: a Fortran COMMON block")
  e2e_json(stage "${sidecar}" race fbad rows kindbroken last_fail_reason stage)
  e2e_expect_equal("${label}: the row that does not compile is left out" "${stage}" "compile")
  e2e_json(detail "${sidecar}" race fbad rows kindbroken last_fail_reason detail)
  e2e_expect_equal("${label}: the line that tells is gfortran's error" "${detail}"
    "Error: Unclassifiable statement at (1)")

  e2e_read(header "${bin}/tune/include/tune/kernels/fdot.h")
  e2e_expect_contains("${label}: the stamp declares the Fortran row with C linkage" "${header}"
    "extern \"C\" {")
  e2e_run(app-${label} COMMAND "${bin}/app")
  e2e_expect_contains("${label}: C++ calls the Fortran families by name" "${E2E_OUTPUT}" "fdot=600 fbad=300")
  e2e_run(c-app-${label} COMMAND "${bin}/c_app")
  e2e_expect_contains("${label}: C calls the Fortran family by name" "${E2E_OUTPUT}" "c: fdot=32")
  e2e_run(f-app-${label} COMMAND "${bin}/f_app")
  e2e_expect_contains("${label}: Fortran calls the family by name through the stamp's module" "${E2E_OUTPUT}"
    "fortran: fdot=32")
  e2e_read(module "${bin}/tune/include/tune/kernels/tune_kernels_fdot.f90")
  e2e_expect_contains("${label}: the module binds the family's name to the seat" "${module}"
    "function fdot(a, b, n) result(tune_result) bind(C, name=\"fdot__work1\")")
  execute_process(COMMAND "${NM}" "${bin}/f_app" OUTPUT_VARIABLE syms)
  e2e_expect_matches("${label}: the Fortran program links the crowned row" "${syms}" " T fdot__work1\n")
  e2e_expect_not_contains("${label}: and no losing row" "${syms}" "fdot__work2")
  execute_process(COMMAND "${NM}" "${bin}/app" OUTPUT_VARIABLE syms)
  e2e_expect_matches("${label}: the app links the crowned Fortran row" "${syms}" " T fdot__work1\n")
  e2e_expect_not_contains("${label}: and no losing row" "${syms}" "fdot__work2")

  e2e_build(again-${label} "${bin}")
  e2e_expect_not_contains("${label}: a second build compiles no Fortran row" "${E2E_OUTPUT}" "Building Fortran")
  e2e_expect_not_contains("${label}: and isolates none" "${E2E_OUTPUT}" "Isolating")
  # A re-mint that moves no seat (fdot's is planted, fbad has one row that runs) rewrites neither
  # header nor module: nothing compiles, the Fortran program included.
  set(no_work "no work to do")
  if(generator MATCHES "Makefiles")
    set(no_work "Built target f_app")
  endif()
  e2e_expect_remint_compiles_nothing(remint-${label} "${bin}" "${no_work}"
    COMMAND "${PREFIX}/bin/tune" mint --all --build-dir "${bin}")
endforeach()
e2e_finish()
