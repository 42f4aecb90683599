# A second copy of cmake-tune (a vendored one beside an installed one) is ignored with one warning
# naming both paths; the commands of the first load keep working.
file(COPY "${TUNE_REPO}/cmake/" DESTINATION "${CMAKE_CURRENT_BINARY_DIR}/vendored/cmake")
include("${CMAKE_CURRENT_BINARY_DIR}/vendored/cmake/Tune.cmake")
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4")
