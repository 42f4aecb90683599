# A \u0000 escape would end the value before the checks read it all.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4"
  GENERATOR sh generators/propose.sh [=[{"axes": {"UNROLL": "8"}, "flags": ["-funroll-loops\u0000;-fplugin=x"], "basis": "b"}]=])
