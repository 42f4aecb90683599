# tune_isa adds values to the ISA axis, with or without requirements.
tune_isa(fma3 FLAGS -mavx2 -mfma REQUIRES "avx2,fma")
tune_isa(novec FLAGS -fno-tree-vectorize REQUIRES "")
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 4 ISA base fma3 novec
  FALLBACK "unroll4_fma3;unroll4_base")
