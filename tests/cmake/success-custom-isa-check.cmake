# Custom ISA values give their flags and requirement to their rows; REQUIRES "" runs anywhere.
case_manifest(manifest demo)
case_expect_family("${manifest}" dot
  SUFFIXES unroll1_base unroll1_fma3 unroll1_novec unroll4_base unroll4_fma3 unroll4_novec
  REQUIRES "" "avx2,fma" "" "" "avx2,fma" ""
  FLAGS "" "-mavx2 -mfma" -fno-tree-vectorize "" "-mavx2 -mfma" -fno-tree-vectorize
  REFERENCE unroll1_base)
