# A fresh tree of the e2e project, configured and built once under the default policy (auto):
# the build mints on this box, crowns the planted winner, keeps the twins' fallback, stamps and
# links only the winners. With -DNOOP=ON a second build must then run nothing and rewrite nothing.
#   -DGENERATOR=<generator>  -DNOOP=ON|OFF
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../E2eProject.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
e2e_configure(configure "${E2E_PROJECT}" "${bin}" "${GENERATOR}" -DCMAKE_BUILD_TYPE=Release)
e2e_build(build "${bin}")
e2e_expect_minted("${E2E_OUTPUT}" "${bin}/e2e.tune.json" "${bin}/tune/include" "${bin}/app")
e2e_expect_direct_call("${bin}/callsite")

if(NOOP)
  if(GENERATOR MATCHES "Ninja")
    set(no_work "no work to do")
    e2e_expect_noop_rebuild("${bin}" "${no_work}")
  else()
    # The first make after a compile folds the compilers' depfiles into CMake's own
    # compiler_depend.* files: the generator's bookkeeping, not a rebuild.
    set(no_work "Built target app")
    e2e_expect_noop_rebuild("${bin}" "${no_work}" IGNORE "/CMakeFiles/[^/]+\\.dir/compiler_depend\\.(make|internal)=")
  endif()
  # A re-mint of the planted families moves no seat, so the builds after it compile nothing.
  e2e_expect_remint_compiles_nothing(remint-target "${bin}" "${no_work}"
    COMMAND "${CMAKE_COMMAND}" -E env TUNE_ALL=1 "${CMAKE_COMMAND}" --build "${bin}" --target tune)
  e2e_expect_remint_compiles_nothing(remint-all "${bin}" "${no_work}"
    COMMAND "${PREFIX}/bin/tune" mint --all --build-dir "${bin}")
endif()
e2e_finish()
