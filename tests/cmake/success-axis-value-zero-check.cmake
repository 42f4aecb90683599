case_manifest(manifest demo)
case_expect_family("${manifest}" dot
  SUFFIXES unroll1_prefetch0 unroll2_prefetch0
  REFERENCE unroll1_prefetch0)
