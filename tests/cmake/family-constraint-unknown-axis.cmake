# A constraint naming an axis the family does not have is refused.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  CONSTRAINTS "UNROLL * TILE <= 8"
  FALLBACK "unroll4")
