# A family of C rows: configured, its rows recorded with C linkage and a build record each.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, size_t n)"
  SOURCES kernel.c
  FIXTURE fixture.cpp
  AXES UNROLL 1 4
  TIMEOUT 2.5
  FALLBACK "unroll4")
