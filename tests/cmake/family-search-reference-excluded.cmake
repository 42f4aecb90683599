# The default reference of a searched space (the first value of each axis) that EXCLUDE drops.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 BLOCK 8 16
  EXCLUDE "UNROLL=1"
  SEARCH random
  FALLBACK "unroll2_block16")
