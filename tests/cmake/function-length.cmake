# Short functions, split at the decisions they make (docs/design/README.md "Short functions"): no
# C++ function in tuner/ over 100 lines and no CMake function or macro in cmake/ over 150, each
# counted from the line that opens its definition to the one that closes it, as universal-ctags
# reads them. Each one over is named with its file, line and length.
#   cmake -DCTAGS=<universal-ctags> -DREPO=<source tree> -P function-length.cmake
cmake_minimum_required(VERSION 3.21)

# _check(<language> <kinds> <folder> <limit> <at_least>): appends to _over each definition longer
# than <limit>; fails when ctags finds fewer than <at_least> (not universal-ctags, or the wrong tree).
function(_check language kinds folder limit at_least)
  execute_process(COMMAND "${CTAGS}" -R --languages=${language} --kinds-${language}=${kinds} --fields=+ne -x
      "--_xformat=%n\t%e\t%F\t%N" ${folder}
    WORKING_DIRECTORY "${REPO}" RESULT_VARIABLE rc OUTPUT_VARIABLE tags ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "function-length: ${CTAGS} failed (${rc}): ${err}")
  endif()
  string(REPLACE ";" "\\;" tags "${tags}")
  string(REPLACE "\n" ";" tags "${tags}")
  set(found 0)
  set(over "${_over}")
  foreach(tag IN LISTS tags)
    if(NOT tag MATCHES "^([0-9]+)\t([0-9]+)\t([^\t]+)\t(.*)$")
      continue()
    endif()
    math(EXPR found "${found} + 1")
    math(EXPR lines "${CMAKE_MATCH_2} - ${CMAKE_MATCH_1} + 1")
    if(lines GREATER limit)
      list(APPEND over "${CMAKE_MATCH_3}:${CMAKE_MATCH_1}: ${CMAKE_MATCH_4} is ${lines} lines (limit ${limit})")
    endif()
  endforeach()
  if(found LESS at_least)
    message(FATAL_ERROR "function-length: ctags found ${found} ${language} definitions under ${REPO}/${folder}; "
      "expected at least ${at_least}. Is ${CTAGS} universal-ctags (bash scripts/install-deps.sh installs it)?")
  endif()
  set(_over "${over}" PARENT_SCOPE)
  set(_found_${language} ${found} PARENT_SCOPE)
endfunction()

set(_over "")
_check(C++ f tuner 100 500)
_check(CMake fm cmake 150 50)
if(_over)
  list(JOIN _over "\n  " _over)
  message(FATAL_ERROR "function-length: split these at the decisions they make:\n  ${_over}")
endif()
message("function-length: ${_found_C++} C++ and ${_found_CMake} CMake definitions checked")
