# TUNE_TARGET_RUNNER (a program on PATH, with its arguments): the manifest's target runs the bench
# through it, and CTest's gate of each family runs through it, naming the bench as its input.
enable_testing()
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 4
  FALLBACK "unroll4")
