# A misspelt keyword after SHAPES lands in its list.
include("${CMAKE_CURRENT_LIST_DIR}/ShapesCase.cmake")
shapes_case(SHAPES "small: n <= 1024" "large" TIMOUT)
