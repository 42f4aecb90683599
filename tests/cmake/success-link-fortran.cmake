# A family of Fortran rows linked to a Fortran program: the manifest asks the stamp for the
# family's module, the stamp step lists it among its byproducts, and the program compiles it.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, size_t n)"
  SOURCES kernel.f90
  FIXTURE fixture.cpp
  AXES UNROLL 1 4
  FALLBACK "unroll4")
add_executable(app app.f90)
tune_link(app dot)
