# A dispatching target binds the public names itself: it does not also export them.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4")
add_library(lib SHARED app.cpp)
tune_link(lib dot EXPORT DISPATCH)
