# A C entry declared with a C++ SIGNATURE (std::size_t): the registry's extern "C" declaration
# would not be C.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.c
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4")
