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
    e2e_expect_noop_rebuild("${bin}" "no work to do")
  else()
    # The first make after a compile folds the compilers' depfiles into CMake's own
    # compiler_depend.* files: the generator's bookkeeping, not a rebuild.
    e2e_expect_noop_rebuild("${bin}" "Built target app" IGNORE "/CMakeFiles/[^/]+\\.dir/compiler_depend\\.(make|internal)=")
  endif()
endif()
e2e_finish()
