# For build-time scripts that wrap a command (compile-row.cmake, link-bench.cmake), run as
#   cmake -D... -P <script> -- <command>...
# _tune_script_command(<out>): the command after the first `--`, as a list.
function(_tune_script_command out)
  set(_command "")
  set(_seen_separator FALSE)
  math(EXPR _last "${CMAKE_ARGC} - 1")
  foreach(_i RANGE ${_last})
    if(_seen_separator)
      list(APPEND _command "${CMAKE_ARGV${_i}}")
    elseif(CMAKE_ARGV${_i} STREQUAL "--")
      set(_seen_separator TRUE)
    endif()
  endforeach()
  if(NOT _command)
    message(FATAL_ERROR "cmake-tune: ${CMAKE_SCRIPT_MODE_FILE} ran without a command after '--'.")
  endif()
  set(${out} "${_command}" PARENT_SCOPE)
endfunction()
