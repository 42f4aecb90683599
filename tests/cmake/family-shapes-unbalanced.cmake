# A condition is one expression: its parentheses balance.
include("${CMAKE_CURRENT_LIST_DIR}/ShapesCase.cmake")
shapes_case(SHAPES "small: (n <= 1024" "large")
