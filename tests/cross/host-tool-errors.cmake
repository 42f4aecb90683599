# cmake-tune by add_subdirectory in a cross build needs a `tune` tool for the build host: a missing
# host compiler and a TUNE_HOST_TOOL that is not a file are configure errors that name the fix.
include("${E2E_DIR}/E2eLib.cmake")

e2e_fresh_dir()
set(toolchain "${CMAKE_CURRENT_LIST_DIR}/aarch64-linux-gnu.toolchain.cmake")
foreach(case compiler tool)
  if(case STREQUAL "compiler")
    set(arg "-DTUNE_HOST_CXX_COMPILER=${WORK_DIR}/no-such-c++")
  else()
    set(arg "-DTUNE_HOST_TOOL=${WORK_DIR}/no-such-tune")
  endif()
  e2e_run(configure-${case} MAY_FAIL COMMAND "${CMAKE_COMMAND}" -S "${REPO}/tests/consumers/project"
    -B "${WORK_DIR}/build-${case}" -G Ninja "-DCMAKE_MAKE_PROGRAM=${NINJA}" "-DCMAKE_TOOLCHAIN_FILE=${toolchain}"
    -DCONSUMER_LOAD=add_subdirectory "-DCONSUMER_TUNE_SOURCE=${REPO}" "${arg}")
  e2e_expect_equal("exit code of a configure without a host tool (${case})" "${E2E_RC}" 1)
  e2e_unwrap(text "${E2E_OUTPUT}")
  if(case STREQUAL "compiler")
    e2e_expect_contains("the missing host compiler" "${text}"
      "no host C++ compiler was found (TUNE_HOST_CXX_COMPILER='${WORK_DIR}/no-such-c++'")
    e2e_expect_contains("the missing host compiler's fix" "${text}" "-DTUNE_HOST_TOOL=<path>")
  else()
    e2e_expect_contains("a TUNE_HOST_TOOL that is no file" "${text}"
      "TUNE_HOST_TOOL='${WORK_DIR}/no-such-tune' is not a file")
  endif()
endforeach()
e2e_finish()
