# A separate reference implementation is raced as the row `reference`.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 2 4
  REFERENCE_SOURCES reference.cpp
  FALLBACK "unroll4;reference")
