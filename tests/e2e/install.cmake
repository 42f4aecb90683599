# The e2e.install fixture: installs the build under test (the tool, the bench harness, the
# libraries and the module) into a fresh prefix, which every e2e and find_package test loads.
#   -DBUILD_DIR=<the cmake-tune build tree>  -DPREFIX=<install prefix>
cmake_minimum_required(VERSION 3.21)

file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
message("${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "e2e.install: `cmake --install ${BUILD_DIR} --prefix ${PREFIX}` failed (exit ${rc}). "
    "Build the tree first (cmake --build ${BUILD_DIR}).")
endif()
file(GLOB config_dir LIST_DIRECTORIES true "${PREFIX}/lib*/cmake/Tune")
foreach(file bin/tune include/tune/kernel.h include/tune/fixture.h)
  if(NOT EXISTS "${PREFIX}/${file}")
    message(FATAL_ERROR "e2e.install: the install did not produce ${PREFIX}/${file}.")
  endif()
endforeach()
foreach(file TuneConfig.cmake Tune.cmake tune/compile-row.cmake)
  if(NOT EXISTS "${config_dir}/${file}")
    message(FATAL_ERROR "e2e.install: the install did not produce <prefix>/lib*/cmake/Tune/${file} under ${PREFIX}.")
  endif()
endforeach()
