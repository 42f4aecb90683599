# SIGNATURE is required.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4")
