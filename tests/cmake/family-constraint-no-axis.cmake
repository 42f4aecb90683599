# A constraint over no axis holds for every row or none: refused.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  CONSTRAINTS "2 + 2 == 4"
  FALLBACK "unroll4")
