# A generator proposes a new value, a declared point, a flag, an unnamed flagged row, a suffix
# clash, an excluded point and the reserved suffix `reference`.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4 16
  EXCLUDE "UNROLL=16"
  FALLBACK "unroll4"
  GENERATOR sh generators/good.sh)
