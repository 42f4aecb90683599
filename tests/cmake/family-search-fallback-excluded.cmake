# A FALLBACK row of a searched space that EXCLUDE drops is named with the pattern.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 BLOCK 8 16
  EXCLUDE "UNROLL=2,BLOCK=16"
  SEARCH auto
  FALLBACK "unroll2_block16")
