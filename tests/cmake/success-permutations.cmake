# Explicit rows with suffix= and requires=.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  PERMUTATIONS
    "UNROLL=1;suffix=plain"
    "UNROLL=4"
    "UNROLL=8;suffix=wide8;requires=avx2,fma"
    "UNROLL=16;requires=avx512f|avx2"
  FALLBACK "wide8;unroll4")
