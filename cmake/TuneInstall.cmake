# The relocatable package: `find_package(Tune 0.1)` from any prefix gives the module, the `tune`
# tool (tune::tune), the headers (tune::kernel), the bench harness (tune::bench) and tune::runtime.
# Included when TUNE_INSTALL is on (the default only where cmake-tune is the top-level project);
# every rule is in the component TUNE_INSTALL_COMPONENT.
include(CMakePackageConfigHelpers)

set(TUNE_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/Tune" CACHE STRING "Where TuneConfig.cmake is installed")

set(TUNE_INSTALL_HARNESSDIR "${CMAKE_INSTALL_DATADIR}/tune/harness" CACHE STRING
  "Where the bench harness's sources are installed, for consumers that cross-compile")

set_target_properties(tune_kernel PROPERTIES EXPORT_NAME kernel)
set_target_properties(tune_bench PROPERTIES EXPORT_NAME bench)
# Two export sets: what any consumer uses, native or cross (the tool, which runs on the build host,
# and the headers), and the libraries built for this host, which only a native consumer links.
install(TARGETS tune_cli tune_kernel
  EXPORT TuneHostTargets
  RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}"
  COMPONENT "${TUNE_INSTALL_COMPONENT}")
install(TARGETS tune_bench tune_harness tune_race tune_measure tune_box tune_util tune_runtime
  EXPORT TuneTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  COMPONENT "${TUNE_INSTALL_COMPONENT}")
# The harness's sources and its folders' headers, which a cross-compiling consumer builds for its
# target (cmake/tune/TargetHarness.cmake names them).
include(cmake/tune/TargetHarness.cmake)
foreach(_source IN LISTS _TUNE_HARNESS_SOURCES)
  get_filename_component(_folder "${_source}" DIRECTORY)
  install(FILES "tuner/${_source}" DESTINATION "${TUNE_INSTALL_HARNESSDIR}/${_folder}"
    COMPONENT "${TUNE_INSTALL_COMPONENT}")
endforeach()
foreach(_folder IN LISTS _TUNE_HARNESS_FOLDERS)
  install(DIRECTORY "tuner/${_folder}/" DESTINATION "${TUNE_INSTALL_HARNESSDIR}/${_folder}"
    COMPONENT "${TUNE_INSTALL_COMPONENT}" FILES_MATCHING PATTERN "*.h")
endforeach()
# Where this host has the harness's header-only dependencies: a cross build looks there first.
set(TUNE_HOST_HEADER_HINTS "")
foreach(_dependency nlohmann_json::nlohmann_json fmt::fmt CLI11::CLI11)
  get_target_property(_dirs ${_dependency} INTERFACE_INCLUDE_DIRECTORIES)
  foreach(_dir IN LISTS _dirs)
    string(APPEND TUNE_HOST_HEADER_HINTS " \"${_dir}\"")
  endforeach()
endforeach()
install(DIRECTORY tuner/include/tune DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}" COMPONENT "${TUNE_INSTALL_COMPONENT}")
install(EXPORT TuneHostTargets NAMESPACE tune:: DESTINATION "${TUNE_INSTALL_CMAKEDIR}" COMPONENT "${TUNE_INSTALL_COMPONENT}")
install(EXPORT TuneTargets NAMESPACE tune:: DESTINATION "${TUNE_INSTALL_CMAKEDIR}" COMPONENT "${TUNE_INSTALL_COMPONENT}")
install(FILES cmake/Tune.cmake DESTINATION "${TUNE_INSTALL_CMAKEDIR}" COMPONENT "${TUNE_INSTALL_COMPONENT}")
install(DIRECTORY cmake/tune DESTINATION "${TUNE_INSTALL_CMAKEDIR}" COMPONENT "${TUNE_INSTALL_COMPONENT}")
foreach(_extra TunePlan.cmake FindFFTW3.cmake)
  if(EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/cmake/${_extra}")
    install(FILES "cmake/${_extra}" DESTINATION "${TUNE_INSTALL_CMAKEDIR}" COMPONENT "${TUNE_INSTALL_COMPONENT}")
  endif()
endforeach()

configure_package_config_file(cmake/TuneConfig.cmake.in "${CMAKE_CURRENT_BINARY_DIR}/TuneConfig.cmake"
  INSTALL_DESTINATION "${TUNE_INSTALL_CMAKEDIR}"
  PATH_VARS TUNE_INSTALL_HARNESSDIR CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file("${CMAKE_CURRENT_BINARY_DIR}/TuneConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_CURRENT_BINARY_DIR}/TuneConfig.cmake" "${CMAKE_CURRENT_BINARY_DIR}/TuneConfigVersion.cmake"
  DESTINATION "${TUNE_INSTALL_CMAKEDIR}" COMPONENT "${TUNE_INSTALL_COMPONENT}")
