# SHAPES: the manifest lists each shape with its condition (the last without one), and the bench
# registry registers one family per shape, <family>@<shape>, whose fixture runs with that shape.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4"
  COMPANIONS dot_strided
  SHAPES "small: n <= 1024" "medium : (n > 1024) && n <= (std::size_t(1) << 20)" "large")
