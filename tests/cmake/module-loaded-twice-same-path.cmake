# Including cmake-tune again from the same file (two subprojects both include it) is silent.
include("${TUNE_REPO}/cmake/Tune.cmake")
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4")
