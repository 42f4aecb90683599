# A grid larger than 512 rows is searched without SEARCH (auto, seed 1, a budget of 512 rows); its
# reference and FALLBACK chain are the only rows the build compiles. A small grid may be searched
# when SEARCH says so, with its own budget and seed.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 TILE 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25
  FALLBACK "unroll2_tile3;unroll1_tile1")
tune_kernel_family(dot_small
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 TILE 1 2
  SEARCH random
  BUDGET_ROWS 3
  BUDGET_SECONDS 60
  SEED 42
  FALLBACK "unroll1_tile1")
# With REFERENCE_SOURCES the search compiles its rows from the first other row of the FALLBACK chain.
tune_kernel_family(dot_ref
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  REFERENCE_SOURCES reference.cpp
  AXES UNROLL 1 2 TILE 1 2
  SEARCH random
  BUDGET_ROWS 2
  FALLBACK "reference;unroll2_tile1")
# EXCLUDE, CONSTRAINTS and ISA values reach the tool, which makes the rows from them.
tune_kernel_family(dot_isa
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES ISA base avx2 UNROLL 1 2 4
  EXCLUDE "ISA=avx2,UNROLL=1"
  CONSTRAINTS "ISA != base || UNROLL == 1"
  SEARCH random
  BUDGET_ROWS 2
  FALLBACK "base_unroll1")
