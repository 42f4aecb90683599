case_manifest(manifest demo)
case_expect_family("${manifest}" dot
  SUFFIXES unroll1_base unroll4_fma3 unroll8_base
  REQUIRES "" "avx2,fma" avx2
  FLAGS "" "-mavx2 -mfma" "")
