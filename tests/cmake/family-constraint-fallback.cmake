# Every row of the FALLBACK chain must satisfy the constraints.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4 TILE 1 2
  CONSTRAINTS "UNROLL * TILE <= 4"
  FALLBACK "unroll4_tile2;unroll1_tile1")
