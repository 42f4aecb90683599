# A Fortran family named in upper case: bind(C) binds the Fortran name in lower case.
tune_scope(demo)
tune_kernel_family(Dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, size_t n)"
  SOURCES kernel.f90
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4")
