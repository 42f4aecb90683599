# COMPANIONS: a name alone takes the family's SIGNATURE, a signature string after it its own;
# the manifest lists both, and tune_link(... EXPORT) adds the generated definition.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4"
  COMPANIONS dot_strided layout "int()")
add_library(lib SHARED app.cpp)
tune_link(lib dot EXPORT)
