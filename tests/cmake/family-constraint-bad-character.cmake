# A constraint with a character outside the language is refused by name.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  CONSTRAINTS "UNROLL <= 4 ? 1 : 0"
  FALLBACK "unroll4")
