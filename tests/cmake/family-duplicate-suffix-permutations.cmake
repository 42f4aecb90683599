# Two rows cannot share a suffix= name.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  PERMUTATIONS "UNROLL=1;suffix=fast" "UNROLL=2;suffix=fast"
  FALLBACK "fast")
