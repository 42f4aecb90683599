# DISPATCH: the target and whatever links it define TUNE_DISPATCH_<family>, so every includer of
# the stamp header binds at run time.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4")
add_executable(app app.cpp)
tune_link(app dot DISPATCH)
