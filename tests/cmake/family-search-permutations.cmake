# A search searches an AXES grid.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  PERMUTATIONS "UNROLL=1" "UNROLL=2"
  SEARCH auto
  FALLBACK "unroll1")
