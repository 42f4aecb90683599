# suffix= names a row, others get derived suffixes; requires= is kept as written; with no
# REFERENCE the first row is the reference.
case_manifest(manifest demo)
case_expect_family("${manifest}" dot
  SUFFIXES plain unroll4 wide8 unroll16
  AXES UNROLL=1 UNROLL=4 UNROLL=8 UNROLL=16
  REQUIRES "" "" "avx2,fma" "avx512f|avx2"
  REFERENCE plain
  FALLBACK wide8 unroll4)
