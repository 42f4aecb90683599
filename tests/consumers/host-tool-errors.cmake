# The consumer project (project/) by FetchContent, natively, given a TUNE_HOST_TOOL that cannot
# serve: a folder, a program that fails, and a tool of another version. Each stops the configure
# with a message that names the value and the fix (cmake/tune/HostTool.cmake).
include("${E2E_DIR}/E2eLib.cmake")

e2e_fresh_dir()
file(STRINGS "${REPO}/CMakeLists.txt" version REGEX "^project\\(Tune VERSION [0-9.]+")
string(REGEX MATCH "[0-9][0-9.]*" version "${version}")
set(failing "${WORK_DIR}/failing-tune")
file(WRITE "${failing}" "#!/bin/sh\necho 'cannot execute: wrong ELF class' >&2\nexit 126\n")
set(other "${WORK_DIR}/other-tune")
file(WRITE "${other}" "#!/bin/sh\necho 'cmake-tune 9.8.7'\n")
file(CHMOD "${failing}" "${other}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)

foreach(case folder failing other)
  if(case STREQUAL "folder")
    set(tool "${WORK_DIR}")
  elseif(case STREQUAL "failing")
    set(tool "${failing}")
  else()
    set(tool "${other}")
  endif()
  e2e_run(configure-${case} MAY_FAIL COMMAND "${CMAKE_COMMAND}" -S "${REPO}/tests/consumers/project"
    -B "${WORK_DIR}/build-${case}" -G Ninja "-DCMAKE_MAKE_PROGRAM=${NINJA}" -DCONSUMER_LOAD=FetchContent
    "-DCONSUMER_TUNE_SOURCE=${REPO}" "-DTUNE_HOST_TOOL=${tool}")
  e2e_expect_equal("exit code of a configure with TUNE_HOST_TOOL as a ${case}" "${E2E_RC}" 1)
  e2e_unwrap(text "${E2E_OUTPUT}")
  if(case STREQUAL "folder")
    e2e_expect_contains("a TUNE_HOST_TOOL that is a folder" "${text}" "TUNE_HOST_TOOL='${WORK_DIR}' is not a file")
  elseif(case STREQUAL "failing")
    e2e_expect_contains("a TUNE_HOST_TOOL that does not run" "${text}"
      "TUNE_HOST_TOOL='${failing}' does not run on this build host (`--version` exited 126)")
  else()
    e2e_expect_contains("a TUNE_HOST_TOOL of another version" "${text}"
      "TUNE_HOST_TOOL='${other}' is 'cmake-tune 9.8.7', and this source tree is cmake-tune ${version}")
  endif()
  e2e_expect_contains("the fix (${case})" "${text}" "leave TUNE_HOST_TOOL empty to compile one")
  e2e_expect_not_contains("no library text (${case})" "${text}" "execute_process")
endforeach()
e2e_finish()
