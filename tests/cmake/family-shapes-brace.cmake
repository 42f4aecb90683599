# A condition may not open or close a block in the stamp header.
include("${CMAKE_CURRENT_LIST_DIR}/ShapesCase.cmake")
shapes_case(SHAPES "small: n <= 1024) } int x() { return (1" "large")
