# A FALLBACK suffix of a searched space is read back into its point; one that names none is named.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 BLOCK 8 16
  SEARCH auto
  FALLBACK "unroll2_block32;unroll1_block8")
