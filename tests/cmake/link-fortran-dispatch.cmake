# A Fortran program asking for DISPATCH, whose binding the stamp's module does not go through.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, size_t n)"
  SOURCES kernel.f90
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4")
add_executable(app app.f90)
tune_link(app dot DISPATCH)
