# The relocatable package: `find_package(Tune 0.1)` from any prefix gives the module, the `tune`
# tool (tune::tune), the headers (tune::kernel), the bench harness (tune::bench) and tune::runtime.
# Included when TUNE_INSTALL is on (the default only where cmake-tune is the top-level project);
# every rule is in the component TUNE_INSTALL_COMPONENT.
include(CMakePackageConfigHelpers)

set(TUNE_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/Tune" CACHE STRING "Where TuneConfig.cmake is installed")

set_target_properties(tune_kernel PROPERTIES EXPORT_NAME kernel)
set_target_properties(tune_bench PROPERTIES EXPORT_NAME bench)
install(TARGETS tune_cli tune_kernel tune_bench tune_harness tune_race tune_measure tune_box tune_util tune_runtime
  EXPORT TuneTargets
  RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}"
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  COMPONENT "${TUNE_INSTALL_COMPONENT}")
install(DIRECTORY tuner/include/tune DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}" COMPONENT "${TUNE_INSTALL_COMPONENT}")
install(EXPORT TuneTargets NAMESPACE tune:: DESTINATION "${TUNE_INSTALL_CMAKEDIR}" COMPONENT "${TUNE_INSTALL_COMPONENT}")
install(FILES cmake/Tune.cmake DESTINATION "${TUNE_INSTALL_CMAKEDIR}" COMPONENT "${TUNE_INSTALL_COMPONENT}")
install(DIRECTORY cmake/tune DESTINATION "${TUNE_INSTALL_CMAKEDIR}" COMPONENT "${TUNE_INSTALL_COMPONENT}")
foreach(_extra TunePlan.cmake FindFFTW3.cmake)
  if(EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/cmake/${_extra}")
    install(FILES "cmake/${_extra}" DESTINATION "${TUNE_INSTALL_CMAKEDIR}" COMPONENT "${TUNE_INSTALL_COMPONENT}")
  endif()
endforeach()

configure_package_config_file(cmake/TuneConfig.cmake.in "${CMAKE_CURRENT_BINARY_DIR}/TuneConfig.cmake"
  INSTALL_DESTINATION "${TUNE_INSTALL_CMAKEDIR}")
write_basic_package_version_file("${CMAKE_CURRENT_BINARY_DIR}/TuneConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_CURRENT_BINARY_DIR}/TuneConfig.cmake" "${CMAKE_CURRENT_BINARY_DIR}/TuneConfigVersion.cmake"
  DESTINATION "${TUNE_INSTALL_CMAKEDIR}" COMPONENT "${TUNE_INSTALL_COMPONENT}")
