# A condition must read a parameter of the SIGNATURE (here it names 'size', which is none).
include("${CMAKE_CURRENT_LIST_DIR}/ShapesCase.cmake")
shapes_case(SHAPES "small: size <= 1024" "large")
