# A directory-wide -mavx2 would give every row the same ISA.
add_compile_options(-mavx2)
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 4 ISA base
  FALLBACK "unroll4_base")
