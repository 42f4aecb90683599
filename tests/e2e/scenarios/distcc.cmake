# Rows through a compiler farm: the rows' compiles chain the project's own compiler launcher after
# cmake/tune/compile-row.cmake, so a project that compiles through distcc compiles its rows through
# it too. A real distccd on the loopback address serves the c-kernel project (C and C++ rows) with
# local fallback off, so every row it built came through the farm; the rows are then isolated and
# linked into the bench as usual. Nothing is measured.
#   needs distcc and distccd (Debian's distcc; scripts/install-deps.sh installs it)
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

e2e_fresh_dir()
find_program(DISTCC distcc)
find_program(DISTCCD distccd)
if(NOT DISTCC OR NOT DISTCCD)
  e2e_fail("distcc and distccd are needed (apt-get install distcc; scripts/install-deps.sh does)")
endif()

# distccd drops root for `nobody`, which must be able to write its log.
set(farm "${WORK_DIR}/farm")
file(MAKE_DIRECTORY "${farm}/client")
file(CHMOD "${farm}" DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_WRITE
  GROUP_EXECUTE WORLD_READ WORLD_WRITE WORLD_EXECUTE)
set(log "${farm}/distccd.log")
set(pid_file "${farm}/distccd.pid")
string(RANDOM LENGTH 3 ALPHABET 0123456789 _offset)
set(port "")
foreach(_try RANGE 0 9)
  math(EXPR _port "36000 + ${_offset} + ${_try}")
  file(WRITE "${log}" "")
  file(CHMOD "${log}" PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ GROUP_WRITE WORLD_READ WORLD_WRITE)
  execute_process(COMMAND "${DISTCCD}" --daemon --allow 127.0.0.1 --listen 127.0.0.1 --port ${_port}
    --log-file "${log}" --log-level info --pid-file "${pid_file}" --user nobody --jobs 2 RESULT_VARIABLE _rc)
  execute_process(COMMAND sleep 1)
  file(READ "${log}" _text)
  if(_rc EQUAL 0 AND _text MATCHES "listening on 127.0.0.1:${_port}")
    set(port ${_port})
    break()
  endif()
endforeach()
if(port STREQUAL "")
  e2e_fail("distccd did not start on a loopback port:\n${_text}")
endif()

set(bin "${WORK_DIR}/build")
e2e_configure(configure "${E2E_DIR}/c-kernel" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release
  "-DCMAKE_C_COMPILER_LAUNCHER=${DISTCC}" "-DCMAKE_CXX_COMPILER_LAUNCHER=${DISTCC}")
e2e_build(build "${bin}" MAY_FAIL TARGET tune_bench_stencils
  ENV "DISTCC_HOSTS=127.0.0.1:${port}" DISTCC_FALLBACK=0 "DISTCC_DIR=${farm}/client" TUNE_POLICY=fallback)
set(build_rc "${E2E_RC}")
set(build_output "${E2E_OUTPUT}")
file(READ "${pid_file}" _pid)
string(STRIP "${_pid}" _pid)
execute_process(COMMAND kill "${_pid}")
e2e_expect_equal("exit code of the bench's build through distcc" "${build_rc}" 0)

file(READ "${log}" served)
foreach(row jacobi2d/jacobi2d__sweeps1_base jacobi2d/jacobi2d__sweeps1_avx2 jacobi2d/jacobi2d__sweeps2_base
    jacobi2d/jacobi2d__sweeps2_avx2 dot/dot__unroll1 dot/dot__unroll4)
  e2e_expect_exists("${bin}/tune_rows/${row}.o")
endforeach()
# Only the rows compile the kernel sources (the fixtures, the registries and the app are other files).
string(REGEX MATCHALL "COMPILE_OK [^\n]* ${E2E_DIR}/c-kernel/jacobi2d[.]c\n" _jacobi "${served}")
list(LENGTH _jacobi _n_jacobi)
e2e_expect_equal("jacobi2d's four C rows were compiled by the farm" "${_n_jacobi}" 4)
string(REGEX MATCHALL "COMPILE_OK [^\n]* ${E2E_DIR}/c-kernel/dot[.]cpp\n" _dot "${served}")
list(LENGTH _dot _n_dot)
e2e_expect_equal("dot's two C++ rows were compiled by the farm" "${_n_dot}" 2)
e2e_expect_exists("${bin}/tune/stencils/bench")
e2e_finish()
