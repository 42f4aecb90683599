# SIGNATURE is "<ret>(<params>)".
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  FALLBACK "unroll4")
