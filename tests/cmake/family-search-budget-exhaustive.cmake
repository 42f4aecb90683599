# A budget means nothing to a family that races every row.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 TILE 1 2
  BUDGET_ROWS 3
  FALLBACK "unroll1_tile1")
