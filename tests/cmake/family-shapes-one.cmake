# SHAPES with one shape: that seat would be the family itself.
include("${CMAKE_CURRENT_LIST_DIR}/ShapesCase.cmake")
shapes_case(SHAPES "all")
