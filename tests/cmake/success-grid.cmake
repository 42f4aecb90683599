# A grid over UNROLL and the built-in ISA axis, with EXCLUDE, a fallback chain and tune_link.
tune_scope(demo VERSION 3 BUDGET 30 NAMESPACE kernels::fast)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4 ISA base avx2
  EXCLUDE "UNROLL=2,ISA=avx2"
  TOLERANCE rel=1e-5
  FALLBACK "unroll4_avx2;unroll4_base")
add_executable(app app.cpp)
tune_link(app dot)
