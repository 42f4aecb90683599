# A family with a GENERATOR under a multi-config generator: the request quotes the Release
# configuration's sidecar, and only Release's manifest names the trigger its stamp step writes.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4"
  GENERATOR sh generators/good.sh)
