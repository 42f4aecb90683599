# One CTest test per family, tune.<scope>.<family>, labelled tune and <scope>; a family with SHAPES
# checks each of its seats.
enable_testing()
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 4
  FALLBACK "unroll4")
tune_kernel_family(dot_shaped
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 4
  FALLBACK "unroll4"
  SHAPES "small: n <= 1024" "large")
