# The configure step's own reading of a space, for unit-rules.cpp to compare the tool's with:
#   cmake -DMODULE_DIR=<repo>/cmake -DINPUT=<file> -P constraint-oracle.cmake
# <file> holds one "AXES <AXIS> <value>...", any "EXCLUDE <pattern>" and "CONSTRAINT <expr>" lines.
# Prints each constraint's parsed form ("rpn <token> <token>..."), then each row the configure step
# keeps ("row <spec> <suffix>"), in grid order; an error is the configure step's FATAL_ERROR.
cmake_minimum_required(VERSION 3.21)
# The ISA values of an x86-64 build (tune/Isa.cmake reads the target's processor).
set(CMAKE_SYSTEM_PROCESSOR x86_64)
include("${MODULE_DIR}/tune/Isa.cmake")
include("${MODULE_DIR}/tune/Rows.cmake")
include("${MODULE_DIR}/tune/Constraints.cmake")
# Tune.cmake's check that a suffix is a C identifier (cmake/tune/Rows.cmake calls it); the cases
# here use identifiers only, and tests/cmake checks the refusal of others.
function(_tune_check_identifier fn what value)
endfunction()

file(STRINGS "${INPUT}" lines)
set(axes "")
set(excludes "")
set(constraints "")
foreach(line IN LISTS lines)
  if(line MATCHES "^AXES (.*)$")
    string(REPLACE " " ";" axes "${CMAKE_MATCH_1}")
  elseif(line MATCHES "^EXCLUDE (.*)$")
    list(APPEND excludes "${CMAKE_MATCH_1}")
  elseif(line MATCHES "^CONSTRAINT (.*)$")
    list(APPEND constraints "${CMAKE_MATCH_1}")
  endif()
endforeach()
set(fn "oracle")
_tune_expand_axes("${fn}" rows "${axes}")
foreach(text IN LISTS constraints)
  _tune_parse_constraint("${fn}" "${text}" rows rpn)
  string(REPLACE ";" " " rpn "${rpn}")
  message(STATUS "rpn ${rpn}")
endforeach()
_tune_apply_excludes("${fn}" rows "${excludes}")
# "-": no reference to protect, and no FALLBACK chain; every row of the grid is a candidate.
_tune_apply_constraints("${fn}" rows "${constraints}" TRUE "-" "")
foreach(spec suffix IN ZIP_LISTS rows_SPECS rows_SUFFIXES)
  message(STATUS "row ${spec} ${suffix}")
endforeach()
