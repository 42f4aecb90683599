# Each shape is a seat and needs its own name.
include("${CMAKE_CURRENT_LIST_DIR}/ShapesCase.cmake")
shapes_case(SHAPES "small: n <= 1024" "small")
