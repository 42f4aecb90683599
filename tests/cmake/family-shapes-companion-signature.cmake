# A companion of a shaped family follows each shape's seat through the conditions, so it takes the family's parameters.
include("${CMAKE_CURRENT_LIST_DIR}/ShapesCase.cmake")
shapes_case(COMPANIONS layout "int()"
  SHAPES "small: n <= 1024" "large")
