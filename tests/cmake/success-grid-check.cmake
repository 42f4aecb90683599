# Grid order is the declaration order, first axis outermost; EXCLUDE drops unroll2_avx2; ISA rows
# carry their flags and requirement; the scope's settings reach the manifest.
case_manifest(manifest demo)
set(avx2 "avx2,fma,bmi2,f16c")
case_expect_family("${manifest}" dot
  SUFFIXES unroll1_base unroll1_avx2 unroll2_base unroll4_base unroll4_avx2
  AXES "UNROLL=1,ISA=base" "UNROLL=1,ISA=avx2" "UNROLL=2,ISA=base" "UNROLL=4,ISA=base" "UNROLL=4,ISA=avx2"
  REQUIRES "" "${avx2}" "" "" "${avx2}"
  FLAGS "" -march=x86-64-v3 "" "" -march=x86-64-v3
  REFERENCE unroll1_base
  FALLBACK unroll4_avx2 unroll4_base)
if(manifest)
  string(JSON version GET "${manifest}" version)
  string(JSON budget GET "${manifest}" budget_s)
  string(JSON namespace GET "${manifest}" namespace)
  case_expect("scope version" "${version}" 3)
  case_expect("scope budget" "${budget}" 30)
  case_expect("scope namespace" "${namespace}" kernels::fast)
  case_family(family "${manifest}" dot)
  string(JSON tolerance GET "${family}" tolerance)
  case_expect("dot tolerance" "${tolerance}" rel=1e-5)
endif()
