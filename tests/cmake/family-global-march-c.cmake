# A C family's rows compile with CMAKE_C_FLAGS: a -march= there voids its ISA axis as surely.
set(CMAKE_C_FLAGS "${CMAKE_C_FLAGS} -march=native")
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, size_t n)"
  SOURCES kernel.c
  FIXTURE fixture.cpp
  AXES UNROLL 1 4 ISA base
  FALLBACK "unroll4_base")
