# tune_link(... EXPORT) needs a target that compiles the generated definition.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4")
add_library(iface INTERFACE)
tune_link(iface dot EXPORT)
