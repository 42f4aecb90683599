file(READ "${CASE_BUILD_DIR}/build.ninja" _ninja)
if(NOT _ninja MATCHES "-DTUNE_DISPATCH_dot=1")
  string(APPEND CASE_FAILED "The target app is not compiled with TUNE_DISPATCH_dot=1.\n")
endif()
