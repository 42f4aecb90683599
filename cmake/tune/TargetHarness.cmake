# The bench harness built for the target of a cross build (docs/cmake-api.md "Cross-compiling").
#
# A native build links the harness libraries the tool's build made (tuner/harness, installed as
# tune::bench). A cross build cannot: those are built for the build host. Here the harness is
# compiled for the target inside the consumer's build, from the sources cmake-tune installs (or
# its source tree, under add_subdirectory and FetchContent), as GoogleTest is built from source.
# Its only dependencies are header-only (nlohmann/json, fmt as FMT_HEADER_ONLY, CLI11), taken from
# where the build host has them, so a cross build needs nothing for the target beyond the cross
# compiler and its C++ library.

# Every source of the harness, relative to tuner/: the libraries tune_util (less sha256.cpp, the
# one file that needs libcrypto, and elf.cpp, the code hash built on it: the bench calls neither),
# tune_box, tune_measure, tune_race,
# tune_harness and tune_bench of tuner/*/CMakeLists.txt. TuneInstall.cmake installs exactly these.
set(_TUNE_HARNESS_SOURCES
  util/atomic_file.cpp util/elf.cpp util/error_text.cpp util/file_lock.cpp util/json_file.cpp
  util/json_reader.cpp util/number_setting.cpp util/subprocess.cpp util/utc_time.cpp
  box/text.cpp box/features.cpp box/x86_features.cpp box/arm_features.cpp box/cpuid.cpp box/detect.cpp
  box/force.cpp box/requires.cpp box/classes.cpp box/platform.cpp box/cpuinfo.cpp box/identity.cpp
  box/maker.cpp
  measure/counters.cpp measure/machine_state.cpp measure/probe_kernel.cpp measure/real_clock.cpp measure/stats.cpp
  race/budget.cpp race/companion_race.cpp race/engine.cpp race/event.cpp race/family_race.cpp race/margin.cpp
  race/noise_probe.cpp race/result.cpp race/rounds.cpp race/same_code.cpp race/seat_decision.cpp
  race/sign_test.cpp race/table.cpp race/windows.cpp
  harness/gate.cpp harness/pools.cpp harness/registry.cpp harness/result_json.cpp harness/serve.cpp
  harness/supervised.cpp harness/tolerance.cpp harness/main.cpp)
# The folders whose headers those sources include.
set(_TUNE_HARNESS_FOLDERS util box measure race harness)

# _tune_header_only_dependencies(<out> <hint>...): a folder holding only the header-only
# dependencies' include folders (nlohmann/, fmt/, CLI/), as links to where the build host has
# them. Adding the host's whole include folder (/usr/include) instead would put its C library's
# headers before the target's.
function(_tune_header_only_dependencies out)
  set(_dir "${CMAKE_BINARY_DIR}/tune/target-harness/include")
  foreach(_probe nlohmann/json.hpp fmt/format-inl.h CLI/CLI.hpp)
    string(REGEX REPLACE "/.*" "" _folder "${_probe}")
    string(MAKE_C_IDENTIFIER "_TUNE_HOST_HEADERS_${_folder}" _var)
    # The host's headers: the target's sysroot would not have them, so the find root is ignored.
    find_path(${_var} "${_probe}" HINTS ${ARGN} NO_CMAKE_FIND_ROOT_PATH
      DOC "Where the build host has ${_folder}/, which the cross-compiled bench harness uses header-only")
    if(NOT ${_var})
      message(FATAL_ERROR "cmake-tune: a cross build compiles the bench harness for the target, and it needs the "
        "header-only library ${_folder}/ (${_probe}) from the build host, which was not found. Install it "
        "(Debian: apt-get install nlohmann-json3-dev libfmt-dev libcli11-dev) or set ${_var} to the folder that "
        "holds ${_folder}/.")
    endif()
    if(NOT EXISTS "${_dir}/${_folder}")
      file(MAKE_DIRECTORY "${_dir}")
      file(CREATE_LINK "${${_var}}/${_folder}" "${_dir}/${_folder}" SYMBOLIC)
    endif()
  endforeach()
  set(${out} "${_dir}" PARENT_SCOPE)
endfunction()

# _tune_add_target_harness(<tuner_dir> <public_include_dir> <hint>...): the library tune::bench for
# the target, from the harness sources under <tuner_dir> (laid out as tuner/), with the public
# headers of <public_include_dir>; <hint>s are folders that may hold the header-only dependencies.
function(_tune_add_target_harness tuner_dir public_include_dir)
  _tune_header_only_dependencies(_deps ${ARGN})
  list(TRANSFORM _TUNE_HARNESS_SOURCES PREPEND "${tuner_dir}/" OUTPUT_VARIABLE _sources)
  find_package(Threads REQUIRED)
  add_library(tune_target_harness STATIC ${_sources})
  target_include_directories(tune_target_harness PRIVATE "${tuner_dir}" "${_deps}")
  target_include_directories(tune_target_harness PUBLIC "${public_include_dir}")
  target_compile_definitions(tune_target_harness PRIVATE FMT_HEADER_ONLY=1)
  target_link_libraries(tune_target_harness PUBLIC Threads::Threads)
  set_target_properties(tune_target_harness PROPERTIES POSITION_INDEPENDENT_CODE ON FOLDER cmake-tune
    CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)
  # As in tuner/measure/CMakeLists.txt: the probe is the same kernel in every build.
  set_source_files_properties("${tuner_dir}/measure/probe_kernel.cpp" TARGET_DIRECTORY tune_target_harness
    PROPERTIES COMPILE_OPTIONS "$<$<CXX_COMPILER_ID:GNU,Clang>:-fno-fast-math>")
  # One unity batch per folder, as the tool's own build batches each library (tuner/CMakeLists.txt):
  # fmt and nlohmann/json are parsed once a batch, and names stay unique within a folder only.
  foreach(_folder IN LISTS _TUNE_HARNESS_FOLDERS)
    set(_batch "${_sources}")
    list(FILTER _batch INCLUDE REGEX "/${_folder}/[^/]+$")
    set_source_files_properties(${_batch} TARGET_DIRECTORY tune_target_harness PROPERTIES UNITY_GROUP "${_folder}")
  endforeach()
  set_target_properties(tune_target_harness PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
  add_library(tune::bench ALIAS tune_target_harness)
endfunction()
