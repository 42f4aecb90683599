# A -march= in CMAKE_C_FLAGS does not reach a family whose rows are all C++: its ISA axis holds.
set(CMAKE_C_FLAGS "${CMAKE_C_FLAGS} -march=native")
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 4 ISA base
  FALLBACK "unroll4_base")
