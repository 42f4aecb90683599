# An instruction set turned on by a flag is outside the ISA axis.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4"
  GENERATOR sh generators/propose.sh [=[{"axes": {"UNROLL": "8"}, "flags": ["-mpopcnt"], "basis": "popcount"}]=])
