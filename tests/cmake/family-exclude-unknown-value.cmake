# An EXCLUDE value the axis does not have would silently drop nothing.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  EXCLUDE "UNROLL=3"
  FALLBACK "unroll4")
