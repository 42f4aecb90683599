# A family keeps at least one row.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2
  EXCLUDE "UNROLL=1" "UNROLL=2"
  REFERENCE_SOURCES reference.cpp
  FALLBACK "reference")
