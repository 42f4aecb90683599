# Only the last shape may go without a condition.
include("${CMAKE_CURRENT_LIST_DIR}/ShapesCase.cmake")
shapes_case(SHAPES "small" "large: n > 1024")
