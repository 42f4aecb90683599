file(READ "${CASE_BUILD_DIR}/cmake_install.cmake" _install)
if(NOT _install MATCHES "if\\(CMAKE_INSTALL_COMPONENT STREQUAL \"app\" OR NOT CMAKE_INSTALL_COMPONENT\\)[ \n]*set\\(_tune_target")
  string(APPEND CASE_FAILED "cmake_install.cmake does not install the sidecar in component app:\n${_install}\n")
endif()
