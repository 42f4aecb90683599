# A misspelt keyword after SOURCES is swallowed into the list; it must still be named as a keyword.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  INCLUDE include
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4")
