# A shape's name is a C identifier.
include("${CMAKE_CURRENT_LIST_DIR}/ShapesCase.cmake")
shapes_case(SHAPES "1k: n <= 1024" "large")
