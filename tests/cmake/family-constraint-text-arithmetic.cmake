# Arithmetic on a word value is refused naming the row.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 LAYOUT nt tn
  CONSTRAINTS "LAYOUT + UNROLL <= 4"
  FALLBACK "unroll1_layoutnt")
