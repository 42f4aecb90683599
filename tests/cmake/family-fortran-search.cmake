# A searched Fortran family: a search compiles its rows from one row's compile, which with Ninja
# holds no preprocessing.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, size_t n)"
  SOURCES kernel.f90
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4 8 16 32
  SEARCH random
  BUDGET_ROWS 3
  FALLBACK "unroll4")
