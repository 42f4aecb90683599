case_manifest(manifest demo)
case_expect_family("${manifest}" dot SUFFIXES unroll1 unroll2 unroll4 REFERENCE unroll1)
