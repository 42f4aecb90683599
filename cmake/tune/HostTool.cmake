# The `tune` tool of a cmake-tune built as a subproject (add_subdirectory, FetchContent).
# - A cross build: the tool runs on the build host, so it cannot be compiled with the project's
#   (target) compiler. It is taken from TUNE_HOST_TOOL, or built for the host as an ExternalProject
#   of this same source tree with the host's C++ compiler. The bench harness is compiled for the
#   target (tune/TargetHarness.cmake).
# - A native build: the tool is compiled with the rest, unless TUNE_HOST_TOOL names one (an
#   install's bin/tune); then only what links into the consumer's benches and programs is compiled.
# docs/cmake-api.md "Loading it" and "Cross-compiling".

set(TUNE_HOST_TOOL "" CACHE FILEPATH
  "An installed `tune` tool of this version for the build host, used instead of compiling one; empty: compile it")
set(TUNE_HOST_CXX_COMPILER "" CACHE FILEPATH
  "Cross builds: the build host's C++ compiler, which builds the `tune` tool (empty: c++, g++ or clang++ on PATH)")

# _tune_add_host_tool(<source_dir>): the imported executable tune::tune, runnable on the build host.
function(_tune_add_host_tool source_dir)
  if(TUNE_HOST_TOOL)
    if(NOT EXISTS "${TUNE_HOST_TOOL}" OR IS_DIRECTORY "${TUNE_HOST_TOOL}")
      message(FATAL_ERROR "cmake-tune: TUNE_HOST_TOOL='${TUNE_HOST_TOOL}' is not a file. Give the path of a `tune` "
        "tool built for this build host (e.g. <prefix>/bin/tune of an install), or leave TUNE_HOST_TOOL empty to compile one.")
    endif()
    _tune_check_host_tool_version("${TUNE_HOST_TOOL}")
    set(_tool "${TUNE_HOST_TOOL}")
  else()
    set(_compiler "${TUNE_HOST_CXX_COMPILER}")
    if(NOT _compiler)
      # The host's compiler: the target's find root never holds it.
      find_program(_TUNE_HOST_CXX NAMES c++ g++ clang++ NO_CMAKE_FIND_ROOT_PATH NO_CACHE)
      set(_compiler "${_TUNE_HOST_CXX}")
    endif()
    if(NOT _compiler OR NOT EXISTS "${_compiler}")
      message(FATAL_ERROR "cmake-tune: this is a cross build, and the `tune` tool must be built for the build host, "
        "but no host C++ compiler was found (TUNE_HOST_CXX_COMPILER='${TUNE_HOST_CXX_COMPILER}'; none of c++, g++, "
        "clang++ on PATH). Install one (Debian: apt-get install g++) and set -DTUNE_HOST_CXX_COMPILER=<path>, or "
        "give a `tune` tool built for this host with -DTUNE_HOST_TOOL=<path>.")
    endif()
    include(ExternalProject)
    set(_binary "${CMAKE_BINARY_DIR}/tune-host-tool")
    set(_tool "${_binary}/tuner/cli/tune${CMAKE_HOST_EXECUTABLE_SUFFIX}")
    # A native configure of this tree, without the project's toolchain, that builds the tool only.
    ExternalProject_Add(tune_host_tool
      SOURCE_DIR "${source_dir}"
      BINARY_DIR "${_binary}"
      CMAKE_ARGS "-DCMAKE_CXX_COMPILER=${_compiler}" -DCMAKE_BUILD_TYPE=Release -DTUNE_BUILD_TESTS=OFF
        -DTUNE_BUILD_KERNELS=OFF -DTUNE_BUILD_BENCHMARKS=OFF -DTUNE_INSTALL=OFF
      BUILD_COMMAND "${CMAKE_COMMAND}" --build "${_binary}" --target tune_cli
      BUILD_BYPRODUCTS "${_tool}"
      INSTALL_COMMAND ""
      USES_TERMINAL_BUILD TRUE)
    set_target_properties(tune_host_tool PROPERTIES FOLDER cmake-tune)
  endif()
  add_executable(tune::tune IMPORTED GLOBAL)
  set_target_properties(tune::tune PROPERTIES IMPORTED_LOCATION "${_tool}")
endfunction()

# _tune_check_host_tool_version(<tool>): the given tool must be this source tree's version: the
# manifests this tree's module writes and the stamp headers it expects are that version's.
function(_tune_check_host_tool_version tool)
  execute_process(COMMAND "${tool}" --version RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "cmake-tune: TUNE_HOST_TOOL='${tool}' does not run on this build host (`--version` exited "
      "${_rc}). Give the `tune` of a cmake-tune ${Tune_VERSION} install made for this host, or leave "
      "TUNE_HOST_TOOL empty to compile one.")
  endif()
  if(NOT _out STREQUAL "cmake-tune ${Tune_VERSION}")
    string(REGEX REPLACE "\n.*" "" _first "${_out}")
    message(FATAL_ERROR "cmake-tune: TUNE_HOST_TOOL='${tool}' is '${_first}', and this source tree is cmake-tune "
      "${Tune_VERSION}: the tool must be the same version. Give the `tune` of a cmake-tune ${Tune_VERSION} install, "
      "or leave TUNE_HOST_TOOL empty to compile one.")
  endif()
endfunction()

# _tune_consumer_parts_only(<why>): a build that compiles only what a consumer uses has no tests,
# shipped kernels, benchmarks or install of cmake-tune's own; <why> ends the note that says so.
macro(_tune_consumer_parts_only why)
  foreach(_part BUILD_TESTS BUILD_KERNELS BUILD_BENCHMARKS INSTALL)
    if(TUNE_${_part})
      message(STATUS "cmake-tune: TUNE_${_part} is ignored ${why}: it builds only what a consumer uses.")
      set(TUNE_${_part} OFF)
    endif()
  endforeach()
endmacro()
