# A searched space lists no points, so REFERENCE names every axis of the reference row.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 BLOCK 8 16
  SEARCH auto
  REFERENCE "UNROLL=1"
  FALLBACK "unroll2_block16")
