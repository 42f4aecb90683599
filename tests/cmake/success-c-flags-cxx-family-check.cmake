case_manifest(manifest demo)
case_expect_family("${manifest}" dot SUFFIXES unroll1_base unroll4_base REFERENCE unroll1_base)
