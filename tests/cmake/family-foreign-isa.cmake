# An ISA value of another arch (sve on an x86-64 build, avx2 on an aarch64 one) is named as such,
# with the values this build's target has.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  set(_foreign avx2)
else()
  set(_foreign sve)
endif()
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 ISA base ${_foreign}
  FALLBACK "unroll2_base")
