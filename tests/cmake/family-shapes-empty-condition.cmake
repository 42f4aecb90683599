# A ':' with nothing after it is a condition left out, not the last shape's form.
include("${CMAKE_CURRENT_LIST_DIR}/ShapesCase.cmake")
shapes_case(SHAPES "small:" "large")
