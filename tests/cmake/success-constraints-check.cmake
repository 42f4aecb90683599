case_manifest(manifest demo)
case_expect_family("${manifest}" dot
  SUFFIXES unroll1_tile1_layoutnt unroll1_tile1_layoutnn unroll1_tile2_layoutnt unroll1_tile2_layoutnn
    unroll1_tile4_layoutnt unroll2_tile2_layoutnt unroll2_tile2_layoutnn unroll2_tile4_layoutnt
    unroll4_tile2_layoutnt)
