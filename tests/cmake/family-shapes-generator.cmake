# A generator proposes rows from one race table; a shaped family has one per shape.
include("${CMAKE_CURRENT_LIST_DIR}/ShapesCase.cmake")
shapes_case(GENERATOR ${CMAKE_COMMAND} -E echo
  SHAPES "small: n <= 1024" "large")
