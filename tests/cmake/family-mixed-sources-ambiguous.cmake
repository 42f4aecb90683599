# C and C++ sources that both write TUNE_ENTRY: which one defines the row cannot be told.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, size_t n)"
  SOURCES kernel.cpp kernel.c
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4")
