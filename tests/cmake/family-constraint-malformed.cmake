# A constraint that ends with an operator is refused by name.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4 TILE 1 2
  CONSTRAINTS "UNROLL * TILE <"
  FALLBACK "unroll4_tile1")
