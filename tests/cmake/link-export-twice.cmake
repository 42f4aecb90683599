# A family's public name is exported by one target.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4")
add_library(one SHARED app.cpp)
add_library(two SHARED app.cpp)
tune_link(one dot EXPORT)
tune_link(two dot EXPORT)
