# CONSTRAINTS keep the points of the grid that satisfy all of them: C's precedence, words as values,
# and unary operators.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4 8 TILE 1 2 4 LAYOUT nt nn
  CONSTRAINTS "UNROLL * TILE <= 8 && TILE % 2 == 0 || UNROLL == 1"
              "LAYOUT != nn || !(UNROLL > 2) && -TILE >= -2"
  FALLBACK "unroll1_tile1_layoutnt")
