# The house C and C++ style (.clang-format) holds over the tree: every C and C++ file under tuner/,
# tests/, bench/, kernels/ and examples/ is as clang-format writes it. A file it would change is
# named with clang-format's diagnostics; `clang-format -i <file>` mends it.
#   cmake -DCLANG_FORMAT=<clang-format> -DREPO=<source tree> -P format.cmake
cmake_minimum_required(VERSION 3.21)
set(_files "")
foreach(_dir tuner tests bench kernels examples)
  file(GLOB_RECURSE _found "${REPO}/${_dir}/*.cpp" "${REPO}/${_dir}/*.h" "${REPO}/${_dir}/*.c")
  list(APPEND _files ${_found})
endforeach()
list(LENGTH _files _n)
if(_n LESS 100)
  message(FATAL_ERROR "format: found ${_n} C and C++ files under ${REPO}; expected the whole tree.")
endif()
execute_process(COMMAND "${CLANG_FORMAT}" --dry-run --Werror ${_files} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out
  ERROR_VARIABLE _out)
if(NOT _rc EQUAL 0)
  string(REGEX MATCHALL "[^\n]+: error: code should be clang-formatted" _bad "${_out}")
  string(REGEX REPLACE ":[0-9]+:[0-9]+: error: code should be clang-formatted" "" _bad "${_bad}")
  list(REMOVE_DUPLICATES _bad)
  string(REPLACE ";" "\n  " _bad "${_bad}")
  message(FATAL_ERROR "format: these files are not as .clang-format writes them (clang-format -i <file> mends "
    "each):\n  ${_bad}")
endif()
message("format: ${_n} files checked")
