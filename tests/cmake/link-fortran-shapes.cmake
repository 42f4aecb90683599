# A Fortran program linking a family with SHAPES, whose dispatcher the stamp writes in C and C++.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, size_t n)"
  SOURCES kernel.f90
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  SHAPES "small: n <= 1024" "large"
  FALLBACK "unroll4")
add_executable(app app.f90)
tune_link(app dot)
