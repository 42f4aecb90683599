# A generator proposes its own rows: a search has nothing to propose beside it.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 TILE 1 2
  SEARCH random
  GENERATOR "${CMAKE_COMMAND}" -E echo
  FALLBACK "unroll1_tile1")
