# The family every SHAPES case declares (family-shapes-*.cmake): dot of demo with three rows, and
# the case's own arguments (SHAPES, COMPANIONS, GENERATOR) after the common ones.
function(shapes_case)
  tune_scope(demo)
  tune_kernel_family(dot
    SCOPE demo
    SIGNATURE "float(const float* a, const float* b, std::size_t n)"
    SOURCES kernel.cpp
    FIXTURE fixture.cpp
    AXES UNROLL 1 2 4
    FALLBACK "unroll4"
    ${ARGN})
endfunction()
