# Two values of an axis of a searched space that differ only in case would give points one suffix.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES LAYOUT soa Soa UNROLL 1 2
  SEARCH auto
  FALLBACK "layoutsoa_unroll1")
