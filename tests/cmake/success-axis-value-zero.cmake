# An axis whose only value is 0 (a false constant to if()) is still an axis.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 PREFETCH 0
  FALLBACK "unroll2_prefetch0")
