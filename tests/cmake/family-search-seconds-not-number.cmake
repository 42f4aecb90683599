# BUDGET_SECONDS is a whole number of seconds.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 TILE 1 2
  SEARCH random
  BUDGET_SECONDS 1.5
  FALLBACK "unroll1_tile1")
