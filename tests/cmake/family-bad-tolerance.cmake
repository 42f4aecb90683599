# TOLERANCE is exact, abs=, rel= or ulp=.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  TOLERANCE 1e-5
  FALLBACK "unroll4")
