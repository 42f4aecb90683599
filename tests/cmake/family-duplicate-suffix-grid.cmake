# Suffixes are lower-cased, so LAYOUT=soa and LAYOUT=Soa collide; a grid has no suffix=, so the hint differs.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES LAYOUT soa Soa
  FALLBACK "layoutsoa")
