# CMAKE_CXX_FLAGS applies as it is at the end of the directory: a -march= set later voids the ISA axis too.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 4 ISA base
  FALLBACK "unroll4_base")
set(CMAKE_CXX_FLAGS "${CMAKE_CXX_FLAGS} -march=native")
