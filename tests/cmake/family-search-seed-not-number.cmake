# SEED is a whole number.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 TILE 1 2
  SEARCH auto
  SEED -3
  FALLBACK "unroll1_tile1")
