# A misspelt feature in requires= would read as absent on every box.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  PERMUTATIONS "UNROLL=1" "UNROLL=8;requires=avx3"
  FALLBACK "unroll1")
