# A PERMUTATIONS row must satisfy the constraints (an explicit row is not silently dropped).
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  PERMUTATIONS "UNROLL=1,TILE=1" "UNROLL=4,TILE=2"
  CONSTRAINTS "UNROLL * TILE <= 4"
  FALLBACK "unroll1_tile1")
