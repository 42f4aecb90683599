# A '#' in the build tree's path: one message naming the character at load, not
# an add_custom_command error per generated step. Registered with a build folder named "hash#path".
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2)
