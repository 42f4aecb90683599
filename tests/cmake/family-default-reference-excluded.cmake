# The default reference (first value of each axis) must not be excluded.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  EXCLUDE "UNROLL=1"
  FALLBACK "unroll4")
