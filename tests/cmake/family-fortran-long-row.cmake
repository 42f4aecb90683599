# A Fortran row whose entry is longer than a Fortran name may be (63 characters).
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, size_t n)"
  SOURCES kernel.f90
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4 LAYOUT row_major_with_padding_to_the_cache_line_of_the_box
  FALLBACK "unroll4_layoutrow_major_with_padding_to_the_cache_line_of_the_box")
