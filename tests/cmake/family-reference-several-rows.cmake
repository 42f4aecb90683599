# REFERENCE must single out one row.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 BLOCK 8 16
  REFERENCE "UNROLL=1"
  FALLBACK "unroll2_block16")
